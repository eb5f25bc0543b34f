/*
 * Fuzzing harness for the XML reader (lib/base/xml.c): the input's
 * first byte chooses how deep nesting may go (its low four bits, 0
 * meaning the default) and whether the document is read from memory or
 * through a file descriptor (bit 4, a memfd, read as it comes after
 * its first byte); the rest is the document, every event and attribute
 * looked at.
 */
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "base/util.h"
#include "base/xml.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static jmp_buf jb;
static struct xml x;
static volatile size_t seen;

static void
walk(void)
{
	size_t i, n;
	int e;

	while ((e = xml_next(&x)) != XML_EOF) {
		if (e == XML_OPEN) {
			for (i = 0; i < x.nattr; i++)
				seen += x.attr[i].vlen + x.attr[i].nlen;
			seen += xml_attr(&x, "id", &n) ? n : 0;
		} else if (e == XML_TEXT) {
			seen += x.textlen ? (unsigned char)x.text[x.textlen - 1] : 0;
		}
		seen += x.taglen;
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int fd = -1;
	size_t k;

	if (size < 1)
		return 0;
	setprogname("xml");
	if (fd < 0)
		fd = memfd_create("fuzz", 0);
	k = size > 1 ? 1 : 0;
	error_jmp = &jb;
	if (setjmp(jb)) {
		error_jmp = NULL;
		xml_free(&x);
		return 0;
	}
	if (data[0] & 16) {
		if (ftruncate(fd, 0) || pwrite(fd, data + 1 + k, size - 1 - k, 0) !=
		    (ssize_t)(size - 1 - k))
			abort();
		lseek(fd, 0, SEEK_SET);
		xml_open(&x, fd, "fuzz", (const char *)data + 1, k);
	} else {
		xml_mem(&x, (const char *)data + 1, size - 1, "fuzz");
	}
	if (data[0] & 15)
		x.maxdepth = data[0] & 15;
	walk();
	error_jmp = NULL;
	xml_free(&x);
	return 0;
}
