/* par.h: one helper thread whose errors wait their turn
 *
 * A program that splits its input in two reads the first part itself
 * and gives the second to a helper thread.  Messages stay those of a
 * reading in order: a fatal error of the helper waits until the main
 * thread has read its part without one, and its line number is shifted
 * by the lines the main thread read (par_done).  Without threads (one
 * could not be started) par_start says so and the caller runs the
 * helper's work itself.
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

/* Run fn(arg) in a helper thread: 1, or 0 when no thread could start. */
int par_start(struct par *p, void (*fn)(void *), void *arg);
/* The main thread has read its part, lines lines of the same file as the
 * helper's (0 for another file): the helper's errors may be reported. */
void par_done(struct par *p, uint64_t lines);
/* Wait for the helper to finish. */
void par_join(struct par *p);

#endif
