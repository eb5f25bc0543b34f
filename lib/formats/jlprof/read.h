/* formats/jlprof/read.h: reading the .jlprof files that FlameGraphs.jl writes
 *
 *   magic "JLPROF\1\0", endianness word, format byte, then
 *   0x01: n, n data words, m, m line-info entries (ip -> frames)
 *   0x02: a saved flame graph, nodes in depth-first pre-order
 *
 * Every length read from a file is checked against the bytes left
 * before anything is allocated; bad input ends the program with
 * "PROG: FILE: byte N: what is wrong" and exit status 1.
 *
 * The room's own header (read.c, fold.c): the reader's state is no
 * user's business; what the users share of the format is jlprof.h.
 */
#ifndef FG_JLPROF_H
#define FG_JLPROF_H

#include <stddef.h>
#include <stdint.h>

#include "base/hash.h"
#include "base/htab.h"
#include "base/intern.h"
#include "formats/jlprof/jlprof.h"

/* A line-info entry: frames fid[first .. first+n), innermost first. */
struct jlip {
	uint64_t ip;
	uint32_t first, n;
};

struct jlprof {
	const char *name;	/* as shown in messages */
	int fd;
	uint64_t size;
	int swap;		/* big-endian file on this machine, or the reverse */
	int intsize;		/* 8, or 4 for files from 32-bit Julia */
	int format;		/* 1 or 2 */
	uint64_t nwords;	/* format 1: data words, from byte JL_DATAOFF */

	struct interner fkeys;	/* frames, by their packed fields */
	struct jlframe *frame;	/* by frame id */
	size_t framecap;
	uint32_t *fid;		/* the frame lists of the entries */
	size_t nfid, fidcap;
	struct jlip *ip;	/* line-info entries */
	uint32_t nip;
	struct htab iptab;	/* the entries, by ip */

	/* the read buffer, the data words being split and the batch of
	 * samples found in them: here, not on the stack, so that jl_close
	 * frees them after an error too */
	unsigned char *rdbuf;
	size_t rdcap;
	uint64_t *wbuf;
	struct jlsample *sbuf;
	char *scratch;		/* a frame record being read */
	size_t scratchcap;
};

#define JL_DATAOFF 21

/* One sample of the data vector; ip[] is leaf first. */
struct jlsample {
	const uint64_t *ip;
	size_t n;
	uint64_t thread, task, sleep;
	uint64_t off;		/* byte offset of ip[0] (of the block) */
	uint64_t index;		/* 0 for the first sample in the file */
};

/* A batch of samples, in file order; valid during the call only. */
typedef void jl_sample_fn(void *arg, const struct jlsample *s, size_t n);

/* Open path ("-" or NULL: standard input, spooled to a temporary file),
 * read the header and, for format 1, the line-info dictionary. */
void jl_open(struct jlprof *p, const char *path, int intsize);
void jl_close(struct jlprof *p);
/* "PROG: FILE: byte OFF: message", exit 1 */
void jl_error(struct jlprof *p, uint64_t off, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The entry of ip, or HTAB_NONE with hp where it goes. */
static inline uint32_t
jl_find(const struct jlprof *p, uint64_t ip, struct hprobe *hp)
{
	uint32_t k;

	/* keyed: no crafted ips collide */
	for (htab_probe(&p->iptab, hp, hash_mix(ip)); (k = htab_next(&p->iptab, hp)) != HTAB_NONE;)
		if (p->ip[k].ip == ip)
			break;
	return k;
}

/* The entry of ip, or -1. */
static inline long
jl_lookup(const struct jlprof *p, uint64_t ip)
{
	struct hprobe hp;
	uint32_t k = jl_find(p, ip, &hp);

	return k == HTAB_NONE ? -1 : (long)k;
}

/* Format 1: does the data hold the metadata layout (Profile.has_meta)? */
int jl_has_meta(struct jlprof *p);
/* Format 1: call fn for every sample in file order, in batches.
 * Returns the number of words after the last block end (ignored). */
uint64_t jl_samples(struct jlprof *p, int layout, jl_sample_fn *fn, void *arg);

/* Format 2: open is called for each node in pre-order (the root first),
 * close after its descendants.  The frame is valid during the call. */
typedef void jl_open_fn(void *arg, const struct jlframe *f, int status, uint64_t width);
typedef void jl_close_fn(void *arg);
void jl_graph(struct jlprof *p, jl_open_fn *open, jl_close_fn *close, void *arg);

#endif
