/*
 * rxcheck: fg's regex matcher (lib/base/regex.c) on questions read from
 * standard input, for the differential test of the page's matcher
 * (lib/draw/regex.js, tests/regex-js.bats).  A question is a flags byte
 * (RX_ICASE, RX_NEWLINE), the pattern's length as 4 bytes (little
 * endian) and its bytes, then the text's length and bytes; the answer
 * is a line: "1" a match, "0" none, or "! " and rx_compile's message.
 * A pattern ends at its first NUL, as a C string does.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/regex.h"
#include "base/util.h"

/* n bytes of standard input into *p (grown): 0 at the end of input */
static int
get(char **p, size_t *cap, size_t n)
{
	*p = egrowarray(*p, cap, n + 1, 1);
	(*p)[n] = 0;
	return fread(*p, 1, n, stdin) == n;
}

static int
len32(uint32_t *n)
{
	unsigned char b[4];

	if (fread(b, 1, 4, stdin) != 4)
		return 0;
	*n = b[0] | b[1] << 8 | b[2] << 16 | (uint32_t)b[3] << 24;
	return 1;
}

int
main(int argc, char **argv)
{
	char *pat = NULL, *text = NULL;
	size_t pcap = 0, tcap = 0;
	uint32_t plen, tlen;
	const char *err;
	struct rx *rx;
	int flags;

	(void)argc;
	setprogname(argv[0]);
	while ((flags = getchar()) != EOF) {
		if (!len32(&plen) || !get(&pat, &pcap, plen) || !len32(&tlen) ||
		    !get(&text, &tcap, tlen))
			eprintf("a question cut short");
		if (!(rx = rx_compile(pat, flags & (RX_ICASE | RX_NEWLINE), &err))) {
			printf("! %s\n", err);
			continue;
		}
		printf("%d\n", rx_search(rx, text, tlen));
		rx_free(rx);
	}
	free(pat);
	free(text);
	exit_stdout();
}
