/* formats/gecko/tables.h: the tables of a Gecko profile's thread, as
 * read.c reads them and fold.c folds them (this room's own header)
 *
 * Both layouts come to one model: a stack table (each stack's prefix,
 * always an earlier stack, and frame), a frame table (each frame's
 * func, or in a raw profile its location string and whether it is
 * relevant for JS), a func table (processed: name, file, line, isJS),
 * the strings (each one's offset in the buffer, decoded when a label
 * needs it), and the labels made so far.  A processed profile from
 * version 60 on shares its tables between threads: they are read once.
 */
#ifndef FG_GECKO_TABLES_H
#define FG_GECKO_TABLES_H

#include <stddef.h>
#include <stdint.h>

#include "base/count.h"
#include "base/intern.h"
#include "base/json.h"
#include "formats/gecko/read.h"
#include "stack/build.h"
#include "stack/label.h"

#define GNONE UINT32_MAX

struct gtabs {
	uint32_t *prefix, *sframe;	/* stacks: prefix (GNONE: a root), frame */
	size_t nstack;
	uint32_t *func;			/* frames: func (processed) or location */
	uint8_t *rel;			/* frames: relevantForJS (raw) */
	uint32_t *frline;		/* frames: the line running (GNONE: none;
					 * NULL: no such column) */
	uint32_t *flab;			/* --lines: frames' labels, GNONE until made */
	size_t nframe;
	uint32_t *fname, *ffile;	/* funcs: name, file (GNONE: none) */
	int64_t *fline;			/* line of definition, 0 none */
	uint8_t *fjs;			/* isJS | relevantForJS */
	size_t nfunc;
	uint32_t *srcfile;		/* sources: filename (version 58 on) */
	size_t nsrc;
	uint64_t *str;			/* strings: each one's offset */
	size_t nstr;
	uint32_t *lab;			/* funcs' (or raw locations') labels, GNONE
					 * until made; raw: bit 31 set for JS */
	size_t caps[13];		/* the arrays' capacities */
};

/* A thread's samples, one after the other: processed, columns side
 * by side; raw, rows of a {schema, data} table. */
struct gsamples {
	struct json s, w, t;	/* stack, weight, time cursors (raw: s) */
	int raw, hasw, hast, deltas;
	int col[3];		/* raw: the stack, time and weight columns */
	int64_t ns;		/* timeDeltas: the time so far, in ns */
	uint64_t off;
};
struct gsample {
	uint32_t stack;		/* GNONE: none */
	struct jnum w;		/* 1 unless weighted */
	int64_t ns;		/* its time in nanoseconds, when hast (the
				 * profiler's own rounding of ms) */
	uint64_t off;
};
/* One file's reading. */
struct gecko {
	const struct gecko_opt *o;
	struct stackmap *m;
	/* from here on, one file's: reset after each */
	struct json j, a, b;	/* the file; two more cursors over it */
	int raw;		/* a raw Gecko profile */
	double interval;	/* meta.interval, ms */
	struct gtabs sh, own;	/* shared tables; the thread's own */
	int shloaded;
	uint64_t shoff[5];	/* shared: stringArray, stackTable, frameTable,
				 * funcTable, sources */
	struct interner labels;
	struct labelbuf lb;
	count *w;		/* each stack's weight, for one thread, */
	size_t wcap;
	uint64_t *nw;		/* its samples (--time), */
	size_t nwcap;
	double *q;		/* their weights squared, in ms^2 (--time) */
	size_t qcap;
	uint32_t *path;		/* a stack's labels, leaf first */
	size_t pathcap;
	char *buf;		/* a stack being built */
	size_t bufcap;
	char *name;		/* a label's name, copied before its file is read */
	size_t namecap;
	int unit;		/* of the threads folded so far, or -1 */
	uint64_t unitoff;	/* where it was set */
	unsigned char *matched;	/* per o->threads: a thread chose it */
	struct gsamples samp;	/* the samples being read */
	struct stackbuild nulls;	/* the samples of a null stack, counted */
	struct json *pc;	/* a cursor on each profile's threads, by depth */
	size_t pccap;
};

/* The string i of t, decoded (valid until the next string read). */
struct jstr gk_str(struct gecko *g, const struct gtabs *t, uint32_t i, uint64_t off);

/* Open the samples object at off: the UNIT_ of its weights.  sp's
 * cursors are kept from one use to the next (json_at), freed with the
 * reader. */
int gk_samples_open(struct gecko *g, struct gsamples *sp, uint64_t off);
/* The next sample into *x: 1, or 0 after the last. */
int gk_sample(struct gecko *g, struct gsamples *sp, struct gsample *x);

/* Fold one thread's samples (the samples object at off) with tables t
 * into g->m, under root frame root (NULL: none); its unit. */
int gk_fold_thread(struct gecko *g, const struct gtabs *t, uint64_t samples, const char *root);

#endif
