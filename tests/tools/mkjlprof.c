/* mkjlprof: write .jlprof files from a readable description (test fixtures)
 *
 *   mkjlprof [DESC]        description on DESC or stdin, file on stdout
 *   mkjlprof -g SAMPLES    a large generated profile (benchmarks)
 *
 * The description has one directive a line; '#' starts a comment.  Words
 * are separated by blanks; "..." quotes a word, with \" \\ \n \r \t \xHH.
 *
 *   endian little|big      byte order (little)
 *   intsize 8|4            size of Julia's Int (8)
 *   format N               the format byte (1)
 *   magic HEX              replace the magic by these bytes
 *   endianword HEX         replace the endianness word by these bytes
 *   word W...              data words, as they are
 *   sample T K C S IP...   a metadata-layout sample: IPs (leaf first),
 *                          then T K C S 0 0
 *   legacy IP...           a legacy-layout sample: IPs then 0
 *   entry IP               start a line-info entry for IP (no frames yet)
 *   frame IP FUNC FILE LINE [FLAGS]
 *                          add a frame (innermost first) to the latest entry
 *                          of IP, starting one if there is none; FLAGS is
 *                          C (from_c), I (inlined), CI or -
 *   node FUNC FILE LINE FLAGS STATUS START STOP
 *                          format 2: open a node
 *   end                    format 2: close the open node
 *   ndata N                write N as the number of data words
 *   nentries N             write N as the number of entries
 *   cut N                  keep only the first N bytes of the file
 *   append HEX             add these bytes at the end
 *
 * Numbers are decimal, negative, or 0x hexadecimal.  The fields are
 * written by lib/formats/jlprof/write.c, the writer fg-jlprof uses.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "formats/jlprof/jlprof.h"
#include "formats/jlprof/write.h"

static int big, intsize = 8, format = 1;
static const char *desc = "<stdin>";
static unsigned long lineno;
static struct jlw magic, eword, data, lidict, graph, tail;
static uint64_t ndata, nentries, nwords;
static int setndata, setnentries;
static long cut = -1;
static int depth;

/* the entries: key, and where its nsf field is in lidict */
static struct ent { uint64_t ip; size_t at; int32_t nsf; } *ents;
static size_t nents, entcap;

static void
die(const char *msg)
{
	fprintf(stderr, "mkjlprof: %s:%lu: %s\n", desc, lineno, msg);
	exit(1);
}

/* Every buffer takes the byte order and Int size in force when a field
 * is put into it. */
static void
order(void)
{
	struct jlw *b[] = { &magic, &eword, &data, &lidict, &graph, &tail };
	size_t i;

	for (i = 0; i < LEN(b); i++) {
		b[i]->big = big;
		b[i]->intsize = intsize;
	}
}

/* fwrite of an empty buffer may not pass its NULL pointer */
static void
wr(const struct jlw *b, size_t n, FILE *f)
{
	if (n)
		fwrite(b->p, 1, n, f);
}

static uint64_t
num(const char *s)
{
	char *end;
	int neg = *s == '-';
	uint64_t v;

	errno = 0;
	v = strtoull(s + neg, &end, 0);
	if (errno || end == s + neg || *end)
		die("bad number");
	return neg ? -v : v;
}

static void
hex(struct jlw *b, char **w, int n)
{
	int i;
	unsigned int c;
	char *s;

	for (i = 0; i < n; i++)
		for (s = w[i]; *s; s += 2) {
			if (sscanf(s, "%2x", &c) != 1 || !s[1])
				die("bad hex");
			jlw_uint(b, c, 1);
		}
}

/* Split line into words; quoted words may hold anything. */
static int
split(char *s, char **w, size_t *wl, int max)
{
	int n = 0;
	char *o;
	unsigned int c;

	for (;;) {
		while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
			s++;
		if (!*s || *s == '#')
			return n;
		if (n == max)
			die("too many words");
		o = w[n] = s;
		if (*s != '"') {
			while (*s && *s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
				s++;
			wl[n] = s - w[n];
			if (*s)
				*s++ = 0;
			n++;
			continue;
		}
		for (s++; *s != '"'; s++) {
			if (!*s)
				die("unterminated quote");
			if (*s != '\\') {
				*o++ = *s;
				continue;
			}
			switch (*++s) {
			case 'n': *o++ = '\n'; break;
			case 'r': *o++ = '\r'; break;
			case 't': *o++ = '\t'; break;
			case 'x':
				if (sscanf(s + 1, "%2x", &c) != 1)
					die("bad \\x escape");
				*o++ = c;
				s += 2;
				break;
			case 0: die("unterminated quote"); break;
			default: *o++ = *s;
			}
		}
		wl[n] = o - w[n];
		*s++ = 0;
		n++;
	}
}

static int
flags(const char *s, int c)
{
	return strchr(s, c) != NULL;
}

/* FUNC FILE LINE [FLAGS] from w[0..n) */
static struct jlframe
frame(char **w, size_t *wl, int n)
{
	const char *fl = n > 3 ? w[3] : "-";
	struct jlframe f;

	f.func = w[0];
	f.funclen = wl[0];
	f.file = w[1];
	f.filelen = wl[1];
	f.line = num(w[2]);
	f.from_c = flags(fl, 'C');
	f.inlined = flags(fl, 'I');
	return f;
}

static struct ent *
newent(uint64_t ip)
{
	struct ent *e;

	ents = egrowarray(ents, &entcap, nents + 1, sizeof(*ents));
	e = &ents[nents++];
	e->ip = ip;
	jlw_uint(&lidict, ip, 8);
	e->at = lidict.n;
	e->nsf = 0;
	jlw_uint(&lidict, 0, 4);
	return e;
}

static void
directive(char **w, size_t *wl, int n)
{
	const char *d = w[0];
	struct ent *e;
	struct jlframe f;
	size_t i, at;
	int k;

	if (!strcmp(d, "endian") && n == 2)
		big = !strcmp(w[1], "big"), order();
	else if (!strcmp(d, "intsize") && n == 2)
		intsize = num(w[1]) == 4 ? 4 : 8, order();
	else if (!strcmp(d, "format") && n == 2)
		format = num(w[1]);
	else if (!strcmp(d, "magic"))
		magic.n = 0, hex(&magic, w + 1, n - 1);
	else if (!strcmp(d, "endianword"))
		eword.n = 0, hex(&eword, w + 1, n - 1);
	else if (!strcmp(d, "word"))
		for (k = 1; k < n; k++)
			jlw_uint(&data, num(w[k]), 8), nwords++;
	else if (!strcmp(d, "sample") && n >= 5) {
		for (k = 5; k < n; k++)
			jlw_uint(&data, num(w[k]), 8);
		for (k = 1; k < 5; k++)
			jlw_uint(&data, num(w[k]), 8);
		jlw_uint(&data, 0, 8);
		jlw_uint(&data, 0, 8);
		nwords += n - 5 + 6;
	} else if (!strcmp(d, "legacy")) {
		for (k = 1; k < n; k++)
			jlw_uint(&data, num(w[k]), 8);
		jlw_uint(&data, 0, 8);
		nwords += n;
	} else if (!strcmp(d, "entry") && n == 2)
		newent(num(w[1]));
	else if (!strcmp(d, "frame") && (n == 5 || n == 6)) {
		for (i = nents, e = NULL; i-- > 0;)
			if (ents[i].ip == num(w[1])) {
				e = &ents[i];
				break;
			}
		if (!e)
			e = newent(num(w[1]));
		e->nsf++;
		at = lidict.n;
		lidict.n = e->at;
		jlw_uint(&lidict, e->nsf, 4);
		lidict.n = at;
		f = frame(w + 2, wl + 2, n - 2);
		jlw_frame(&lidict, &f);
	} else if (!strcmp(d, "node") && n == 8) {
		f = frame(w + 1, wl + 1, 4);
		jlw_node(&graph, &f, num(w[5]), num(w[6]), num(w[7]));
		depth++;
	} else if (!strcmp(d, "end") && n == 1) {
		jlw_end(&graph);
		depth--;
	} else if (!strcmp(d, "ndata") && n == 2)
		ndata = num(w[1]), setndata = 1;
	else if (!strcmp(d, "nentries") && n == 2)
		nentries = num(w[1]), setnentries = 1;
	else if (!strcmp(d, "cut") && n == 2)
		cut = num(w[1]);
	else if (!strcmp(d, "append"))
		hex(&tail, w + 1, n - 1);
	else
		die("bad directive");
}

/* The header, with the magic or the endianness word replaced if asked. */
static void
header(FILE *f)
{
	struct jlw h;

	jlw_init(&h);
	h.big = big;
	jlw_header(&h, format);
	if (magic.n || eword.n) {
		h.n = 0;
		jlw_bytes(&h, magic.n ? magic.p : (const unsigned char *)JL_MAGIC,
		    magic.n ? magic.n : 8);
		if (eword.n)
			jlw_bytes(&h, eword.p, eword.n);
		else
			jlw_uint(&h, 0x01020304, 4);
		jlw_uint(&h, format, 1);
	}
	wr(&h, h.n, f);
	jlw_free(&h);
}

/* ---- the benchmark profile ---- */

static uint64_t rng = 0x853c49e6748fea9bULL;

static uint64_t
rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static double
unif(void)
{
	return (rnd() >> 11) * (1.0 / 9007199254740992.0);
}

#define NIP 50000
#define NPOOL 200000

/*
 * SAMPLES samples on 4 threads, drawn from a pool of call stacks: the
 * stacks are walks down a fixed random call tree (a node's k-th callee
 * is fixed, and early callees are likelier), 10 to 60 deep with most
 * short, and popular stacks are drawn far more often than rare ones.
 * A fifth of the ips carry inlined frames; some are C frames.
 */
static void
generate(uint64_t nsamples)
{
	static uint64_t ipv[NIP];
	uint64_t **pool = malloc(NPOOL * sizeof(*pool)), node, *st, s, t, task;
	unsigned char *len = malloc(NPOOL);
	struct jlw b;
	struct jlframe fr;
	int d, sdepth, k, j, nf;
	size_t i;
	char name[64], file[64];
	FILE *f = stdout;

	if (!pool || !len)
		die("out of memory");
	for (i = 0; i < NIP; i++)
		ipv[i] = 0x7f0000000000ULL + 16 * i + (rnd() & 15) * 0x100000000ULL;
	for (i = 0; i < NPOOL; i++) {
		double u = unif();

		sdepth = 10 + (int)(50 * u * u);
		len[i] = sdepth;
		if (!(st = pool[i] = malloc(sdepth * sizeof(*st))))
			die("out of memory");
		node = 1;
		for (d = 0; d < sdepth; d++) {
			for (k = 0; k < 3 && unif() < 0.3; k++)
				;
			node = (node ^ (uint64_t)k) * 0x9e3779b97f4a7c15ULL;
			node ^= node >> 31;
			st[sdepth - 1 - d] = ipv[(d < 3 ? node % 16 : node) % NIP];
		}
	}
	header(f);
	jlw_init(&b);
	b.big = big;
	jlw_uint(&b, 0, 8);	/* n, patched below */
	fwrite(b.p, 1, b.n, f);
	b.n = 0;
	for (s = 0; s < nsamples; s++) {
		double u = unif();

		i = (size_t)(NPOOL * u * u * u);
		t = 1 + s % 4;
		task = 0x7f00aa000000ULL + 0x40 * (t * 8 + (rnd() & 7));
		for (d = 0; d < len[i]; d++)
			jlw_uint(&b, pool[i][d], 8);
		jlw_uint(&b, t, 8);
		jlw_uint(&b, task, 8);
		jlw_uint(&b, 1000 + 7 * s, 8);
		jlw_uint(&b, (rnd() & 15) ? 1 : 2, 8);
		jlw_uint(&b, 0, 8);
		jlw_uint(&b, 0, 8);
		nwords += len[i] + 6;
		if (b.n > (1 << 20)) {
			fwrite(b.p, 1, b.n, f);
			b.n = 0;
		}
	}
	jlw_uint(&b, NIP, 8);
	for (i = 0; i < NIP; i++) {
		jlw_uint(&b, ipv[i], 8);
		/* every 97th ip is a C frame of the runtime; a fifth of the
		 * others have Julia frames inlined into them */
		nf = i % 97 == 0 ? 1 : i % 5 == 0 ? 2 + (int)(i % 3 == 0) : 1;
		jlw_uint(&b, nf, 4);
		for (j = 0; j < nf; j++) {
			int c = i % 97 == 0;

			if (c)
				snprintf(name, sizeof(name), "%s", i % 2 ? "jl_apply_generic" : "jl_gc_collect");
			else
				snprintf(name, sizeof(name), "func_%zu", (i * 7 + j) % 20000);
			snprintf(file, sizeof(file), c ? "src/gf.c" : "src/module_%zu.jl", i % 300);
			fr.func = name;
			fr.funclen = strlen(name);
			fr.file = file;
			fr.filelen = strlen(file);
			fr.line = 10 + (i * 13 + j) % 900;
			fr.from_c = c;
			fr.inlined = j < nf - 1;
			jlw_frame(&b, &fr);
		}
	}
	fwrite(b.p, 1, b.n, f);
	b.n = 0;
	jlw_uint(&b, nwords, 8);
	if (fflush(f) || fseek(f, 13, SEEK_SET) || fwrite(b.p, 1, 8, f) != 8 || fflush(f))
		die("stdout must be a seekable file");
}

int
main(int argc, char **argv)
{
	char line[65536], *w[64];
	size_t wl[64];
	FILE *in = stdin, *f = stdout;
	struct jlw all = { 0 };
	int n;
	size_t i;

	setprogname(argv[0]);
	order();
	if (argc == 3 && !strcmp(argv[1], "-g")) {
		generate(num(argv[2]));
		return 0;
	}
	if (argc > 2) {
		fprintf(stderr, "usage: mkjlprof [DESC] | mkjlprof -g SAMPLES\n");
		return 2;
	}
	if (argc == 2 && !(in = fopen(desc = argv[1], "r"))) {
		perror(argv[1]);
		return 1;
	}
	while (fgets(line, sizeof(line), in)) {
		lineno++;
		if ((n = split(line, w, wl, 64)))
			directive(w, wl, n);
	}
	if (depth)
		fprintf(stderr, "mkjlprof: %s: note: %d nodes left open\n", desc, depth);
	/* assemble in memory, then cut and append */
	{
		FILE *m = open_memstream((char **)&all.p, &all.n);

		header(m);
		if (format == 2) {
			wr(&graph, graph.n, m);
		} else {
			struct jlw b;

			jlw_init(&b);
			b.big = big;

			jlw_uint(&b, setndata ? ndata : nwords, 8);
			wr(&b, b.n, m);
			wr(&data, data.n, m);
			b.n = 0;
			jlw_uint(&b, setnentries ? nentries : nents, 8);
			wr(&b, b.n, m);
			wr(&lidict, lidict.n, m);
			free(b.p);
		}
		fclose(m);
	}
	i = cut >= 0 && (size_t)cut < all.n ? (size_t)cut : all.n;
	wr(&all, i, f);
	wr(&tail, tail.n, f);
	free(all.p);
	free(magic.p);
	free(eword.p);
	free(data.p);
	free(lidict.p);
	free(graph.p);
	free(tail.p);
	free(ents);
	return fflush(f) ? 1 : 0;
}
