/* par.h: one helper thread whose errors wait their turn
 *
 * A program that splits its input in two reads the first part itself
 * and gives the second to a helper thread.  Messages stay those of a
 * reading in order: a fatal error of the helper waits until the main
 * thread has read its part without one, and its line number is shifted
 * by the lines the main thread read.  The two halves are
 *
 *	par_start(&p, helper, arg);
 *	... the main thread's part ...
 *	par_finish(&p, lines);
 *
 * and par_finish owns the case without threads (one could not be
 * started): it runs the helper's part itself, after the main one, with
 * the same messages.  Each part has state of its own (folded/folded.h's
 * struct frules is copied, not shared): nothing is written by both.
 */
#ifndef FG_PAR_H
#define FG_PAR_H

#include <pthread.h>
#include <semaphore.h>
#include <stdint.h>

struct par {
	pthread_t t;
	sem_t done;		/* posted by par_done */
	uint64_t linebase;
	void (*fn)(void *);
	void *arg;
	int started;
};

/* Run fn(arg) in a helper thread: 1, or 0 when no thread could start
 * (par_finish then runs it). */
int par_start(struct par *p, void (*fn)(void *), void *arg);
/*
 * The main thread has done its part, lines lines of the same file as
 * the helper's (0 for another file): the helper's errors may be
 * reported, shifted by lines, and it is waited for.  Without a thread,
 * fn(arg) runs here and now, its line numbers shifted the same.  A
 * zeroed p that par_start never saw has nothing to finish.
 */
void par_finish(struct par *p, uint64_t lines);
/* For a helper that runs beside the main thread's work rather than
 * after it (no fallback: the caller does all when par_start says 0):
 * the main thread's messages are out, ... */
void par_done(struct par *p, uint64_t lines);
/* ... and the helper is waited for. */
void par_join(struct par *p);

#endif
