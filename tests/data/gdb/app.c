#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile unsigned long sink;

static unsigned long fib(int n) { return n < 2 ? (unsigned long)n : fib(n - 1) + fib(n - 2); }

static int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

static void *sorter(void *arg)
{
	int *v = malloc(100000 * sizeof(*v));
	(void)arg;
	for (;;) {
		for (int i = 0; i < 100000; i++)
			v[i] = rand();
		qsort(v, 100000, sizeof(*v), cmp);
		sink += (unsigned long)v[0];
	}
}

static void *fibber(void *arg) { (void)arg; for (;;) sink += fib(27); }

static void *sleeper(void *arg) { (void)arg; for (;;) usleep(100000); }

int main(void)
{
	pthread_t t[3];
	pthread_create(&t[0], NULL, sorter, NULL);
	pthread_create(&t[1], NULL, fibber, NULL);
	pthread_create(&t[2], NULL, sleeper, NULL);
	sleep(60);
	return 0;
}
