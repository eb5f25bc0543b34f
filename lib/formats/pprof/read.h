/* formats/pprof/read.h: reading pprof profiles (google/pprof proto/profile.proto)
 *
 * The file, gzip-compressed or not, is streamed: the top-level fields
 * of the Profile message are decoded as they arrive.  Samples are not
 * kept one by one: samples with the same locations (and labels, when
 * asked for) are added up as they are read, every value column apart,
 * so memory follows the profile's tables and its distinct stacks, not
 * its sample count.  Every reference (string index, location, function
 * and mapping id) is checked once everything is read; a bad one ends
 * the program with "PROG: FILE: byte N: what", N being the offset of
 * the referring message in the decompressed stream.
 *
 * The room's own header (read.c, fold.c): a profile being read is the
 * fold's state, no user's business (fold.h is theirs).
 */
#ifndef FG_PPROF_H
#define FG_PPROF_H

#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/htab.h"

struct pp_str {
	const char *s;
	size_t len;
};

struct pp_vtype {
	uint64_t type, unit;	/* string indexes */
	uint64_t off;
};

struct pp_line {
	uint64_t func;		/* function id */
	int64_t line;
};

/* A location: lines line[first .. first+n), the innermost (inlined)
 * first and the caller they were inlined into last. */
struct pp_loc {
	uint64_t id, mapping, addr, off;
	uint32_t first, n;
	uint32_t mapidx;	/* index into map[], or UINT32_MAX */
};

struct pp_func {
	uint64_t id, name, sysname, file, off;
};

struct pp_map {
	uint64_t id, file, off;
};

/* A label of a sample (string indexes; str 0 for numeric labels). */
struct pp_label {
	uint64_t key, str;
	int64_t num;
	uint64_t unit;
};

/* Samples with the same key, added up.  The key is nloc location
 * indexes (leaf first, into loc[]) then nlab labels. */
struct pp_sample {
	uint64_t off;		/* the first such sample's offset */
	size_t key;		/* into keys[] */
	uint32_t nloc, nlab;
};

/* u64 id -> table index: the ids are the first field of the table's
 * entries, stride bytes apart */
struct pp_ids {
	struct htab tab;
	const char *table;
	size_t stride, n;
	int sparse, dense;	/* ids are 1..n in order: no lookup needed */
};

struct pprof {
	const char *name;
	int labels;		/* keep sample labels in the keys */
	int gzip;
	int looked;		/* the first bytes were checked not to be text */
	char head[4096];	/* they, for the messages of another format's */
	size_t headn;

	struct pp_vtype *vt;
	size_t nvt, vtcap;
	uint64_t defsample;	/* string index, 0 none */
	uint64_t defoff;

	struct pp_str *str;
	size_t nstr, strcap;
	struct arena arena;
	struct pp_loc *loc;
	size_t nloc, loccap;
	struct pp_line *line;
	size_t nline, linecap;
	struct pp_func *func;
	size_t nfunc, funccap;
	struct pp_map *map;
	size_t nmap, mapcap;
	struct pp_ids locids, funcids, mapids;

	/* the added-up samples */
	struct pp_sample *smp;
	size_t nsmp, smpcap;
	struct htab tab;	/* the samples, by their keys */
	uint64_t *keys;		/* location ids while reading, indexes after */
	size_t nkeys, keycap;
	int64_t *val;		/* nsmp rows of nval values */
	size_t nval, valcap;
	uint64_t *negoff, *ovfoff;	/* per column: offset + 1 of the first
					 * negative value, overflowing sum */
	uint64_t nsamples;
	uint64_t maxlabstr, maxlaboff;	/* the largest string index a label names */

	/* scratch for the sample being read */
	uint64_t *tloc, *tval, *tlab;
	size_t ntloc, tloccap, ntval, tvalcap, ntlab, tlabcap;
	uint64_t skip;		/* bytes of an unknown top-level field to pass */
	uint64_t maxsize;	/* --max-size: bytes read, and memory taken */
	uint64_t mem;		/* bytes the tables take so far */
	uint64_t bufmem;	/* bytes the buffer of the largest field may take */
	uint64_t fieldoff;	/* offset of the top-level field being read */
};

/* Read and check the whole profile in descriptor fd.  labels: keep the
 * samples' labels (else samples differing only in labels are added up).
 * More than maxsize bytes (decompressed, or read as they are), or tables
 * and buffer taking more than maxsize bytes of memory, is an error. */
void pp_read(struct pprof *p, int fd, const char *name, int labels, uint64_t maxsize);
void pp_free(struct pprof *p);
/* "PROG: FILE: byte OFF: message", exit 1 */
void pp_error(const struct pprof *p, uint64_t off, const char *fmt, ...);

static inline struct pp_str
pp_string(const struct pprof *p, uint64_t i)
{
	return p->str[i];
}
static inline const uint64_t *
pp_locs(const struct pprof *p, const struct pp_sample *s)
{
	return p->keys ? p->keys + s->key : NULL;	/* NULL: no sample has any */
}
static inline const struct pp_label *
pp_labels(const struct pprof *p, const struct pp_sample *s)
{
	return p->keys ? (const struct pp_label *)(p->keys + s->key + s->nloc) : NULL;
}
/* The function of a line, by index (checked to exist). */
const struct pp_func *pp_linefunc(const struct pprof *p, const struct pp_line *l);
/* Is string i equal to s? */
int pp_streq(const struct pprof *p, uint64_t i, const char *s);

#endif
