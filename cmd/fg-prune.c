/* fg-prune: drop matching frames and their callees, keep the samples */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/progress.h"
#include "base/intern.h"
#include "base/out.h"
#include "base/util.h"
#include "folded/fheader.h"
#include "folded/folded.h"
#include "folded/input.h"
#include "stack/frame.h"
#include "stack/pattern.h"
#include "stack/stackmap.h"

enum { REC_OFF, REC_ALL, REC_DIRECT };

struct prune {
	struct patset pats;
	uint64_t depth;		/* 0: no limit */
	int noheader;		/* --no-header */
	int recursion;
	count lost;		/* samples whose root frame matched */
	int anylost;
	/* recursion: the frames kept so far, where they are in the line
	 * (less their status annotation), their statuses merged, and their
	 * names' ids */
	size_t *fstart, *flen, nframes, fcap;
	uint32_t *fid;
	int *fst;
	/* the frame names of the line and of those before it, until they
	 * take NAMES_MAX bytes; pos[id]: 1 + the kept frame of that name,
	 * 0 when none is */
	struct interner names;
	size_t namebytes, *pos, poscap;
	char *buf;
	size_t bufcap;
};

static noreturn void
usage(void)
{
	printf("usage: %s [-e REGEX] [-F TEXT] [-n NAME] [-d N] [--recursion[=direct]]\n"
	    "       [NAME[@FILE]] [FILE...]\n"
	    "  -n, --name NAME[@FILE]  prune frames whose function is NAME (repeatable)\n"
	    "  -e, --regex REGEX       prune frames a POSIX extended regex matches\n"
	    "  -F, --fixed TEXT        prune frames that contain TEXT\n"
	    "  -d, --depth N           cut stacks deeper than N frames\n"
	    "      --recursion[=all|direct]  fold recursion: from a frame to its\n"
	    "                          repeat (all, the default), or only immediate\n"
	    "                          repeats (direct)\n"
	    "      --no-header         no '# fg:' header lines\n"
	    "  -q, --quiet             no progress line on a terminal\n"
	    "  -h, --help              show this help\n"
	    "      --version           show the version\n"
	    "Without -n, -e, -F, -d or --recursion the first operand is a NAME pattern.\n",
	    argv0);
	exit_stdout();
}

static void
frames_push(struct prune *p, size_t start, size_t len, int st, uint32_t id)
{
	if (p->nframes == p->fcap) {
		p->fcap = growcap(p->fcap, p->nframes + 1);
		p->fstart = ereallocarray(p->fstart, p->fcap, sizeof(*p->fstart));
		p->flen = ereallocarray(p->flen, p->fcap, sizeof(*p->flen));
		p->fid = ereallocarray(p->fid, p->fcap, sizeof(*p->fid));
		p->fst = ereallocarray(p->fst, p->fcap, sizeof(*p->fst));
	}
	p->fstart[p->nframes] = start;
	p->flen[p->nframes] = len;
	p->fst[p->nframes] = st;
	p->fid[p->nframes++] = id;
}

/* Names of earlier lines are kept (most repeat) up to this many bytes. */
#define NAMES_MAX ((size_t)16 << 20)

/* At the start of a line (no name on the kept path): the names of
 * earlier lines forgotten when they take too much memory. */
static void
names_reset(struct prune *p)
{
	if (p->names.tab.slot && p->namebytes < NAMES_MAX)
		return;
	intern_free(&p->names);
	intern_init(&p->names);
	p->namebytes = 0;
}

/* The id of frame name s[0..len); a new one is on no kept frame. */
static uint32_t
name_id(struct prune *p, const char *s, size_t len)
{
	uint32_t n = p->names.n, id = intern(&p->names, s, len);

	if (id == n) {
		p->namebytes += len + sizeof(*p->names.str) + sizeof(*p->pos);
		p->pos = egrowarray(p->pos, &p->poscap, (size_t)id + 1, sizeof(*p->pos));
		p->pos[id] = 0;
	}
	return id;
}

/*
 * Fold recursion in s[0..len), writing the result to p->buf.  A frame
 * that is already on the kept path cuts the path back to that first
 * occurrence (A;B;A;C becomes A;C); with --recursion=direct only a
 * repeat of the frame just before it is folded (A;A;B becomes A;B).
 * Frames equal but for their status annotation (_[d], _[g]) are one
 * frame, which keeps the statuses of all it stands for (A;B;A_[g]
 * becomes A_[g]).  The frames cut off are struck off their names one
 * by one, so a line costs time linear in its length however often it
 * repeats itself.
 */
static size_t
fold_recursion(struct prune *p, const char *s, size_t len)
{
	struct frameit it;
	size_t i, k, n = 0, flen;
	const char *st;
	uint32_t id;
	int status;

	p->nframes = 0;
	if (p->recursion == REC_ALL)
		names_reset(p);
	for (frame_iter(&it, s, len, 0); frame_next(&it);) {
		status = frame_status(s + it.start, it.end - it.start, &flen);
		if (p->recursion == REC_DIRECT) {
			i = p->nframes - 1;
			if (p->nframes && p->flen[i] == flen && !memcmp(s + p->fstart[i], s + it.start, flen))
				p->fst[i] |= status;
			else
				frames_push(p, it.start, flen, status, 0);
			continue;
		}
		id = name_id(p, s + it.start, flen);
		if (p->pos[id]) {
			while (p->nframes > p->pos[id])
				p->pos[p->fid[--p->nframes]] = 0;
			p->fst[p->nframes - 1] |= status;
		} else {
			frames_push(p, it.start, flen, status, id);
			p->pos[id] = p->nframes;
		}
	}
	p->buf = egrowarray(p->buf, &p->bufcap, len + 1, 1);
	for (i = 0; i < p->nframes; i++) {
		if (i)
			p->buf[n++] = ';';
		memcpy(p->buf + n, s + p->fstart[i], p->flen[i]);
		n += p->flen[i];
		/* "_[dg]" is no longer than the two annotations it stands for */
		if (p->fst[i]) {
			st = frame_status_annot(p->fst[i]);
			k = strlen(st);
			memcpy(p->buf + n, st, k);
			n += k;
		}
		if (p->recursion == REC_ALL)
			p->pos[p->fid[i]] = 0;
	}
	return n;
}

/* The length of the first n frames of s[0..len). */
static size_t
first_frames(const char *s, size_t len, uint64_t n)
{
	const char *p = s, *end = s + len;

	while (n-- && (p = memchr(p, ';', end - p)))
		if (!n)
			return p - s;
		else
			p++;
	return len;
}

static void
prune_line(struct freader *r, struct fline *l, void *arg)
{
	struct prune *p = arg;
	char *s = l->stack;
	size_t len = l->len, end;
	long at;

	(void)r;
	if (!l->ncounts) {
		if (fh_keep(l->stack, l->len, p->noheader)) {
			out_mem(l->stack, l->len);
			out_char('\n');
		}
		return;
	}
	if (p->pats.n && (at = pat_first(&p->pats, l->stack, len, &end)) >= 0) {
		if (at == 0) {
			p->anylost = 1;
			if (!count_add(&p->lost, l->c[l->ncounts - 1]))
				fr_error(r, "sum of counts overflows");
			return;
		}
		len = at - 1;
	}
	if (p->recursion != REC_OFF) {
		len = fold_recursion(p, s, len);
		s = p->buf;
	}
	if (p->depth)
		len = first_frames(s, len, p->depth);
	/* a new leaf "worker 12" is no count */
	if (len < l->len && l->ncounts == 1 && !r->rules->declared)
		stack_guard_leaf(s, len);
	out_stackline(s, len, l->c, l->ncounts);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		PAT_LONGOPTS('n'),
		{ "depth", required_argument, NULL, 'd' },
		{ "recursion", optional_argument, NULL, 'R' },
		FH_NOHEADER_OPT,
		OPT_HELP_VERSION,
		{ 0 }
	};
	static const char *const recursions[] = { "all", "direct", NULL };	/* REC_ALL... */
	struct prune p;
	char buf[400];
	int c;

	argv[0] = setprogname(argv[0]);
	memset(&p, 0, sizeof(p));
	while ((c = getopt_long(argc, argv, "n:d:qh" PAT_SHORTOPTS, longopts, NULL)) != -1) {
		if (pat_option(&p.pats, c, optarg, 'n'))
			continue;
		switch (c) {
		case 'd':
			p.depth = estrtou64(optarg, "depth");
			if (!p.depth)
				usage_error("depth must be at least 1");
			break;
		case 'R':
			p.recursion = !optarg ? REC_ALL :
			    REC_ALL + opt_choice(optarg, "recursion mode", recursions);
			break;
		case FH_NOHEADER: p.noheader = 1; break;
		case 'q': progress_quiet(); break;
		case 'h': usage();
		case OPT_VERSION: version();
		default: tryhelp();
		}
	}
	argc -= optind;
	argv += optind;
	if (!p.depth && p.recursion == REC_OFF)
		pat_operand(&p.pats, &argc, &argv);
	each_line(argc, argv, NULL, prune_line, &p);
	out_flush();
	pat_free(&p.pats);
	free(p.fstart);
	free(p.flen);
	free(p.fid);
	free(p.fst);
	free(p.pos);
	intern_free(&p.names);
	free(p.buf);
	if (p.anylost) {
		count_fmt(p.lost, buf);
		weprintf("%s samples dropped: their root frame matched", buf);
	}
	return 0;
}
