/* fg-prune: drop matching frames and their callees, keep the samples */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read/folded.h"
#include "base/hash.h"
#include "read/input.h"
#include "base/out.h"
#include "stack/frame.h"
#include "stack/pattern.h"
#include "stack/stackmap.h"
#include "read/fheader.h"
#include "base/util.h"

enum { REC_OFF, REC_ALL, REC_DIRECT };

struct prune {
	struct patset pats;
	uint64_t depth;		/* 0: no limit */
	int recursion;
	count lost;		/* samples whose root frame matched */
	int anylost;
	/* recursion: the frames kept so far, and a set of them */
	size_t *fstart, *flen, *fslot, nframes, fcap;
	uint32_t *set;		/* frame index + 1, 0 empty, TOMB removed */
	size_t setmask, ntomb;
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
	    "  -h, --help              show this help\n"
	    "      --version           show the version\n"
	    "Without -n, -e, -F, -d or --recursion the first operand is a NAME pattern.\n",
	    argv0);
	exit_stdout();
}

static void
frames_push(struct prune *p, size_t start, size_t len)
{
	if (p->nframes == p->fcap) {
		p->fcap = p->fcap ? p->fcap * 2 : 64;
		p->fstart = ereallocarray(p->fstart, p->fcap, sizeof(*p->fstart));
		p->flen = ereallocarray(p->flen, p->fcap, sizeof(*p->flen));
		p->fslot = ereallocarray(p->fslot, p->fcap, sizeof(*p->fslot));
	}
	p->fstart[p->nframes] = start;
	p->flen[p->nframes++] = len;
}

#define TOMB UINT32_MAX

/* Rebuild the set of kept frames, without the removed ones: at the
 * start of a line (a table left large by a long one is given back), to
 * grow it, or when removed frames fill it.  Each rebuild follows as
 * many insertions or removals as the table holds, so the cost stays
 * linear in the line. */
static void
set_rebuild(struct prune *p, const char *s)
{
	size_t i, j, need = 16;

	while (need < p->nframes * 2 + 2)
		need *= 2;
	if (need > p->setmask + 1 || (!p->nframes && p->setmask + 1 > 4096)) {
		free(p->set);
		p->set = ecalloc(need, sizeof(*p->set));
		p->setmask = need - 1;
	} else {
		memset(p->set, 0, (p->setmask + 1) * sizeof(*p->set));
	}
	for (i = 0; i < p->nframes; i++) {
		j = hash_bytes(s + p->fstart[i], p->flen[i]) & p->setmask;
		while (p->set[j])
			j = (j + 1) & p->setmask;
		p->set[j] = i + 1;
		p->fslot[i] = j;
	}
	p->ntomb = 0;
}

/* Index of a kept frame equal to s[start..start+len), or -1. */
static long
set_find(struct prune *p, const char *s, size_t start, size_t len, size_t *slot)
{
	size_t j = hash_bytes(s + start, len) & p->setmask, k;

	for (; p->set[j]; j = (j + 1) & p->setmask) {
		if (p->set[j] == TOMB)
			continue;
		k = p->set[j] - 1;
		if (p->flen[k] == len && !memcmp(s + p->fstart[k], s + start, len))
			return k;
	}
	*slot = j;
	return -1;
}

/*
 * Fold recursion in s[0..len), writing the result to p->buf.  A frame
 * that is already on the kept path cuts the path back to that first
 * occurrence (A;B;A;C becomes A;C); with --recursion=direct only a
 * repeat of the frame just before it is folded (A;A;B becomes A;B).
 * The frames cut off leave the set one by one, so a line costs time
 * linear in its length however often it repeats itself.
 */
static size_t
fold_recursion(struct prune *p, const char *s, size_t len)
{
	struct frameit it;
	size_t slot, i, n = 0;
	long k;

	p->nframes = 0;
	if (p->recursion == REC_ALL)
		set_rebuild(p, s);
	for (frame_iter(&it, s, len, 0); frame_next(&it);) {
		if (p->recursion == REC_DIRECT) {
			if (!p->nframes || p->flen[p->nframes - 1] != it.end - it.start ||
			    memcmp(s + p->fstart[p->nframes - 1], s + it.start, it.end - it.start))
				frames_push(p, it.start, it.end - it.start);
		} else if ((k = set_find(p, s, it.start, it.end - it.start, &slot)) >= 0) {
			while (p->nframes > (size_t)k + 1) {
				p->set[p->fslot[--p->nframes]] = TOMB;
				p->ntomb++;
			}
		} else {
			frames_push(p, it.start, it.end - it.start);
			if ((p->nframes + p->ntomb) * 2 + 2 > p->setmask + 1) {
				set_rebuild(p, s);
			} else {
				p->set[slot] = p->nframes;
				p->fslot[p->nframes - 1] = slot;
			}
		}
	}
	if (len + 1 > p->bufcap) {
		p->bufcap = 2 * len + 1;
		p->buf = erealloc(p->buf, p->bufcap);
	}
	for (i = 0; i < p->nframes; i++) {
		if (i)
			p->buf[n++] = ';';
		memcpy(p->buf + n, s + p->fstart[i], p->flen[i]);
		n += p->flen[i];
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
		if (fh_keep(l->stack, l->len)) {
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
	if (len < l->len && l->ncounts == 1 && !fr_declared)
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
	while ((c = getopt_long(argc, argv, "n:d:h" PAT_SHORTOPTS, longopts, NULL)) != -1) {
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
		case FH_NOHEADER: fh_omit = 1; break;
		case 'h': usage();
		case OPT_VERSION: version();
		default: tryhelp();
		}
	}
	argc -= optind;
	argv += optind;
	if (!p.depth && p.recursion == REC_OFF)
		pat_operand(&p.pats, &argc, &argv);
	each_line(argc, argv, prune_line, &p);
	out_flush();
	pat_free(&p.pats);
	free(p.fstart);
	free(p.flen);
	free(p.fslot);
	free(p.set);
	free(p.buf);
	if (p.anylost) {
		count_fmt(p.lost, buf);
		weprintf("%s samples dropped: their root frame matched", buf);
	}
	return 0;
}
