/*
 * Fuzzing harness for option values and what they are applied to:
 * counts (--total), numbers (estrtou64, estrtod), palette and
 * background names, and patterns (NAME[@FILE], -e REGEX, -F TEXT)
 * matched against the frames of a stack, whose labels are also taken
 * apart as fg-pprof and fg-speedscope take them (frame_parts).
 *
 * The first byte chooses: bits 0-1 the pattern kind (3: none), 4 case-
 * insensitive regexes, bits 3-7 a palette.  Then the option value up to
 * the first newline, then a stack whose frames are parsed, coloured and
 * matched.  Values the programs reject with a usage error (exit 2) are
 * skipped here by the same test, as that exit would end the fuzzer.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "draw/color.h"
#include "base/count.h"
#include "stack/frame.h"
#include "stack/pattern.h"
#include "base/regex.h"
#include "base/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
numbers(const char *s)
{
	char *end;
	unsigned long long u;
	double d;

	errno = 0;
	if (*s >= '0' && *s <= '9') {
		u = strtoull(s, &end, 10);
		if (!errno && !*end && estrtou64(s, "number") != u)
			abort();
	}
	/* estrtod takes plain decimals only (no blank, hex, inf or nan):
	 * what strtod reads whole from these characters alone */
	if (s[strspn(s, "0123456789+-.eE")])
		return;
	errno = 0;
	d = strtod(s, &end);
	if (!errno && end != s && !*end && d == d && estrtod(s, "number") != d)
		abort();
}

static void
counts(const char *s, size_t n)
{
	count c, sum = count_from_u64(1);
	char buf[400], again[400];
	int len;

	if (count_parse(s, n, &c))
		return;
	/* what is printed reads back as the same value */
	len = count_fmt(c, buf);
	if (len <= 0 || len >= (int)sizeof(buf))
		abort();
	if (!count_parse(buf, len, &sum) && count_cmp(sum, c) == 0 &&
	    count_fmt(sum, again) != len)
		abort();
	if (count_add(&sum, c))
		count_sub(&sum, c);
	count_iszero(sum);
	count_val(sum);
}

/* A regex that rx_compile rejects is a usage error (pat_add exits): it
 * is left out here.  rx_compile bounds its own cost (RX_MAXINST). */
static int
regex_ok(const char *s, int icase)
{
	const char *err;
	struct rx *rx;

	if (!(rx = rx_compile(s, RX_NEWLINE | (icase ? RX_ICASE : 0), &err)))
		return 0;
	rx_free(rx);
	return 1;
}

static void
frames(struct patset *ps, int pal, char *s, size_t n)
{
	char *f = s, *semi, *rev, *back;
	const char *annot, *file;
	struct frameparts parts;
	size_t fl, al, filelen, end;
	uint32_t depth = 0, *cycle;
	char top[8], bottom[8];
	size_t i, nframes = 1;
	struct rgb rgb;
	long first = -1;

	for (i = 0; i < n; i++)
		nframes += s[i] == ';';
	cycle = ecalloc(nframes, sizeof(*cycle));	/* one per depth */
	for (;; f = semi + 1) {
		semi = memchr(f, ';', s + n - f);
		fl = semi ? (size_t)(semi - f) : (size_t)(s + n - f);
		frame_strip_annot(f, fl, &annot, &al);
		if (frame_funclen(f, fl) > fl)
			abort();
		if (frame_file(f, fl, &file, &filelen) &&
		    (file < f || file + filelen > f + fl))
			abort();
		/* the writers' parts lie within the label, the name before the file */
		frame_parts(f, fl, &parts);
		if (parts.namelen > fl || (parts.file && (parts.file < f + parts.namelen ||
		    parts.file + parts.filelen > f + fl)))
			abort();
		rgb = color_frame(pal, depth & 1 ? SEED_HASH : SEED_SUM, f, fl, depth, cycle);
		/* every frame's label reads at 4.5:1 at least */
		if (color_contrast(rgb, color_label(rgb)) < 4.5)
			abort();
		depth++;
		if (ps->n) {
			char c = f[fl];

			f[fl] = 0;
			if (pat_frame(ps, f, fl) && first < 0)
				first = f - s;
			f[fl] = c;
		}
		if (!semi)
			break;
	}
	color_background(pal, NULL, top, bottom);
	/* the first frame that matches alone is the one pat_first finds
	 * in the whole stack: no match spans two frames */
	if (ps->n && pat_first(ps, s, n, &end) != first)
		abort();
	/* reversing twice gives the stack back */
	rev = emalloc(n + 1);
	back = emalloc(n + 1);
	stack_reverse(s, n, rev);
	stack_reverse(rev, n, back);
	if (memcmp(back, s, n))
		abort();
	free(rev);
	free(back);
	free(cycle);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct patset ps;
	char *buf, *val, *stack, *nl;
	int kind, pal;
	char top[8], bottom[8];

	if (size < 1)
		return 0;
	kind = data[0] & 3;
	ps.icase = data[0] >> 2 & 1;
	pal = (data[0] >> 3) % 17;
	buf = emalloc(size + 1);
	memcpy(buf, data + 1, size - 1);
	buf[size - 1] = 0;
	val = buf;
	if ((nl = memchr(buf, '\n', size - 1)))
		*nl = 0;
	stack = nl ? nl + 1 : buf + size - 1;
	counts(val, strlen(val));
	numbers(val);
	palette_byname(val);
	color_background(pal, val, top, bottom);
	if (kind != 3 && (kind != PAT_REGEX || regex_ok(val, ps.icase)))
		pat_add(&ps, kind, val);
	if (!memchr(stack, 0, buf + size - 1 - stack))
		frames(&ps, pal, stack, buf + size - 1 - stack);
	pat_free(&ps);
	free(buf);
	return 0;
}
