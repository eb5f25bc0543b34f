/*
 * Fuzzing harness for inflate (lib/base/inflate.c): the input is a
 * file that z_read decompresses (when it starts with gzip's magic) or
 * passes on.  The sink keeps back part of what it is handed, unless it
 * is the end, so the window and the growing of the buffer are driven
 * too.  Decompressed output is capped at 16 MiB.
 */
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "base/inflate.h"
#include "base/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static jmp_buf jb;
static uint32_t seen;

static size_t
sink(void *arg, const unsigned char *p, size_t n, uint64_t off, int end)
{
	size_t i, keep;

	(void)arg;
	for (i = 0; i < n; i++)
		seen += p[i];
	if (end)
		return n;
	/* hold back up to 300 KiB, from an offset the data chooses */
	keep = (off + (n ? p[0] : 0) * 1201) % 307200;
	return n > keep ? n - keep : 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int fd = -1;

	if (fd < 0) {
		setprogname("inflate");
		fd = memfd_create("fuzz", 0);
	}
	if (ftruncate(fd, 0) || pwrite(fd, data, size, 0) != (ssize_t)size ||
	    lseek(fd, 0, SEEK_SET))
		abort();
	error_jmp = &jb;
	if (!setjmp(jb))
		z_read(fd, "fuzz", 16 << 20, sink, NULL);
	error_jmp = NULL;
	return 0;
}
