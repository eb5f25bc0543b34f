/* par.c: one helper thread whose errors wait their turn */
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <string.h>

#include "base/par.h"
#include "base/util.h"

/* the helper a thread is, for its error hook (a hook takes no argument) */
static _Thread_local struct par *self;

/* A line of the helper's part as a line of the whole file (the hook of
 * its work when the main thread runs it: no turn to wait for). */
static uint64_t
shift(uint64_t line)
{
	return line ? line + self->linebase : 0;
}

/* The helper's fatal errors wait for the main thread's part. */
static uint64_t
wait_turn(uint64_t line)
{
	while (sem_wait(&self->done) < 0 && errno == EINTR)
		;
	return shift(line);
}

static void *
run(void *arg)
{
	struct par *p = arg;

	self = p;
	error_hook = wait_turn;
	p->fn(p->arg);
	return NULL;
}

int
par_start(struct par *p, void (*fn)(void *), void *arg)
{
	memset(p, 0, sizeof(*p));
	p->fn = fn;
	p->arg = arg;
	if (sem_init(&p->done, 0, 0))
		return 0;
	if (pthread_create(&p->t, NULL, run, p)) {
		sem_destroy(&p->done);
		return 0;
	}
	p->started = 1;
	return 1;
}

void
par_done(struct par *p, uint64_t lines)
{
	p->linebase = lines;
	sem_post(&p->done);
}

void
par_join(struct par *p)
{
	if (!p->started)
		return;
	pthread_join(p->t, NULL);
	sem_destroy(&p->done);
	p->started = 0;
}

void
par_finish(struct par *p, uint64_t lines)
{
	uint64_t (*hook)(uint64_t) = error_hook;
	void (*fn)(void *) = p->fn;
	struct par *was = self;

	if (p->started) {
		par_done(p, lines);
		par_join(p);
	} else if (fn) {
		p->linebase = lines;
		self = p;
		error_hook = shift;
		fn(p->arg);
		error_hook = hook;
		self = was;
	}
	p->fn = NULL;		/* finished once */
}
