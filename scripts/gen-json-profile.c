/*
 * gen-json-profile: write a large deterministic V8 .cpuprofile, or a
 * speedscope file, for scripts/bench-json.
 *
 *   gen-json-profile [-s] [-b BYTES] [-n NODES]
 *
 * A call tree of NODES nodes (default 20,000) under V8's (root), each
 * a function of one of 2,000 scripts with a url and a line, fan-out
 * 4, a few (program), (idle) and (garbage collector) nodes; then
 * samples (node ids) and their time deltas, as node --cpu-prof lays
 * them out, until the file is about BYTES long (default 200 MB).  The
 * samples walk the tree as a program does: mostly deep, runs of the same
 * node, now and then a negative delta.  With -s the same tree is a
 * speedscope file instead: shared.frames and one sampled profile in
 * microseconds, each sample the stack of node ids root first.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gen.h"

static long *parent;
static int *depth;

/* The stack of node n, root first, into st; its depth. */
static int
stack(long n, long *st)
{
	int d = depth[n], i;

	for (i = d; i >= 0; i--) {
		st[i] = n;
		n = parent[n];
	}
	return d + 1;
}

int
main(int argc, char **argv)
{
	long nodes = 20000, n, s, st[256];
	unsigned long long bytes = 200000000ULL, out = 0;
	int c, ss = 0, k, d;
	long *samples;
	long ns, i;

	while ((c = getopt(argc, argv, "sb:n:")) != -1) {
		switch (c) {
		case 's': ss = 1; break;
		case 'b': bytes = strtoull(optarg, NULL, 10); break;
		case 'n': nodes = atol(optarg); break;
		default:
			fprintf(stderr, "usage: gen-json-profile [-s] [-b BYTES] [-n NODES]\n");
			return 2;
		}
	}
	if (nodes < 10)
		nodes = 10;
	parent = calloc(nodes, sizeof(*parent));
	depth = calloc(nodes, sizeof(*depth));
	/* node 0 is (root); 1-3 (program), (idle), (garbage collector) */
	for (n = 1; n < nodes; n++) {
		parent[n] = n < 4 ? 0 : (n - 4) / 4;
		if (depth[parent[n]] >= 200)
			parent[n] = 0;
		depth[n] = depth[parent[n]] + 1;
	}
	if (ss) {
		printf("{\"$schema\":\"https://www.speedscope.app/file-format-schema.json\","
		    "\"exporter\":\"gen-json-profile\",\"shared\":{\"frames\":[");
		for (n = 0; n < nodes; n++)
			printf("%s{\"name\":\"fn%ld\",\"file\":\"/srv/app/src/mod%ld.js\",\"line\":%ld,\"col\":%ld}",
			    n ? "," : "", n, n % 2000, 1 + n % 997, n % 80);
		printf("]},\"profiles\":[{\"type\":\"sampled\",\"name\":\"main\","
		    "\"unit\":\"microseconds\",\"startValue\":0,\"endValue\":0,\"samples\":[");
	} else {
		printf("{\"nodes\":[");
		for (n = 0; n < nodes; n++) {
			const char *name = n == 0 ? "(root)" : n == 1 ? "(program)" : n == 2 ? "(idle)" :
			    n == 3 ? "(garbage collector)" : NULL;
			if (name)
				printf("%s{\"id\":%ld,\"callFrame\":{\"functionName\":\"%s\",\"scriptId\":\"0\","
				    "\"url\":\"\",\"lineNumber\":-1,\"columnNumber\":-1},\"hitCount\":0",
				    n ? "," : "", n + 1, name);
			else
				printf(",{\"id\":%ld,\"callFrame\":{\"functionName\":\"fn%ld\",\"scriptId\":\"%ld\","
				    "\"url\":\"file:///srv/app/src/mod%ld.js\",\"lineNumber\":%ld,"
				    "\"columnNumber\":%ld},\"hitCount\":0", n + 1, n, n % 2000, n % 2000,
				    n % 997, n % 80);
			if (n * 4 + 4 < nodes && depth[n] < 200) {
				printf(",\"children\":[");
				for (k = 0; k < 4 && n * 4 + 4 + k < nodes; k++)
					printf("%s%ld", k ? "," : "", n * 4 + 4 + k + 1);
				putchar(']');
			}
			putchar('}');
		}
		printf("],\"startTime\":1000000,\"endTime\":0,\"samples\":[");
	}
	/* the samples: kept to write the weights or deltas after them */
	ns = 0;
	samples = malloc(sizeof(*samples) * 64);
	for (s = 4, i = 0; out < bytes * (ss ? 0.86 : 0.55); i++) {
		if (next() % 4 == 0) {
			/* move: deeper, or elsewhere */
			s = next() % 16 ? s * 4 + 4 + (long)(next() % 4) : (long)(next() % nodes);
			if (s >= nodes)
				s = 4 + (long)(next() % (nodes - 4));
		}
		if (!(ns & (ns + 1)))
			samples = realloc(samples, sizeof(*samples) * (size_t)(ns + 1) * 2);
		samples[ns++] = next() % 50 == 0 ? 1 + (long)(next() % 3) : s;
		if (ss) {
			d = stack(samples[ns - 1], st);
			putchar(i ? ',' : ' ');
			putchar('[');
			for (k = 0; k < d; k++)
				out += (unsigned long long)printf("%s%ld", k ? "," : "", st[k]);
			putchar(']');
			out += 3;
		} else {
			out += (unsigned long long)printf("%s%ld", i ? "," : "", samples[ns - 1] + 1);
		}
	}
	printf(ss ? "],\"weights\":[" : "],\"timeDeltas\":[");
	for (i = 0; i < ns; i++)
		printf("%s%ld", i ? "," : "", !ss && next() % 40 == 0 ? -(long)(next() % 100) :
		    100 + (long)(next() % 1000));
	printf(ss ? "]}]}\n" : "]}\n");
	return 0;
}
