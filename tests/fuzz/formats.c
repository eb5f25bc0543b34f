/*
 * Fuzzing harness for the table of formats (lib/folded/formats.c):
 * the input is a file's first bytes, as fg-fold sniffs them (sniff_fd,
 * its gzip look inside and why text is of no format) and as every
 * reader that fails on them asks what they are (format_hint for each
 * row, sniff_hint with the line reader's NULs up to an offset the data
 * chooses).
 */
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "base/inflate.h"
#include "base/util.h"
#include "folded/formats.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static jmp_buf jb;

static size_t
drop(void *arg, const unsigned char *p, size_t n, uint64_t off, int end)
{
	(void)arg;
	(void)p;
	(void)off;
	(void)end;
	return n;
}

/* Does the input decompress (or pass as it is) without an error?  A
 * gzip stream that fails ends sniff_fd through fileerr, whose longjmp
 * would pass its buffer by (the programs exit there): those inputs are
 * the inflate harness's. */
static int
inflates(int fd)
{
	int ok = 0;

	error_jmp = &jb;
	if (!setjmp(jb)) {
		z_read(fd, "fuzz", 16 << 20, drop, NULL);
		ok = 1;
	}
	error_jmp = NULL;
	return ok;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int fd = -1;
	const char *p = (const char *)data;
	char msg[256], why[256];
	size_t i;
	int gz;

	if (fd < 0) {
		setprogname("formats");
		fd = memfd_create("fuzz", 0);
	}
	if (ftruncate(fd, 0) || pwrite(fd, data, size, 0) != (ssize_t)size || lseek(fd, 0, SEEK_SET))
		abort();
	if (inflates(fd) && sniff_fd(fd, "fuzz", 0, &gz, why, sizeof(why)) && strlen(why) >= sizeof(why))
		abort();
	for (i = 0; i < nformats; i++)
		if (format_hint(formats[i].name, p, size, msg, sizeof(msg)) && !*msg)
			abort();
	sniff_hint("folded", p, size, size ? data[0] % (size + 1) : 0, msg, sizeof(msg));
	return 0;
}
