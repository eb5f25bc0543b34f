/* par.c: one helper thread whose errors wait their turn */
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <string.h>

#include "base/par.h"
#include "base/util.h"

static _Thread_local struct par *self;

/* The helper's fatal errors wait for the main thread's part. */
static uint64_t
wait_turn(uint64_t line)
{
	while (sem_wait(&self->done) < 0 && errno == EINTR)
		;
	return line ? line + self->linebase : 0;
}

/* The helper's work run by the main thread: its line numbers shifted,
 * no turn to wait for. */
static uint64_t
shift(uint64_t line)
{
	return line ? line + self->linebase : 0;
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
	struct par *was = self;

	if (p->started) {
		par_done(p, lines);
		par_join(p);
		return;
	}
	if (!p->fn)
		return;
	p->linebase = lines;
	self = p;
	error_hook = shift;
	p->fn(p->arg);
	error_hook = hook;
	self = was;
	p->fn = NULL;
}
