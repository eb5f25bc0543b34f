/*
 * gen-json-profile: write a large deterministic V8 .cpuprofile, or a
 * speedscope file, for scripts/bench-json.
 *
 *   gen-json-profile [-s | -e | -t] [-b BYTES] [-n NODES]
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
 *
 * -e: a speedscope file with one evented profile instead (NODES
 * frames): a recursion whose depth grows with BYTES, working at its
 * bottom, the shape where a reader that hashes the whole open stack at
 * each event is quadratic.
 *
 * -t: a Chrome trace of many small profiles instead: each thread (8 a
 * process, named by thread_name events, "CrRendererMain" in every
 * process) a Profile event and two ProfileChunk events of two nodes
 * and three samples, until about BYTES: the shape where a reader that looks
 * a profile up by scanning them all is quadratic.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gen.h"

static long *parent;
static int *depth;

/* One event of an evented profile, after the first. */
static unsigned long long
event(int first, int type, long frame, unsigned long long at)
{
	return (unsigned long long)printf("%s{\"type\":\"%c\",\"frame\":%ld,\"at\":%llu}",
	    first ? "" : ",", type, frame, at);
}

/* A speedscope file of one evented profile, about bytes long: a
 * recursion as deep as a 3500th of the bytes, opened at once, that
 * calls one of 8 leaves at a time at its bottom until the file is
 * long enough, then returns at once. */
static void
evented(long nodes, unsigned long long bytes)
{
	unsigned long long out = 0, at = 0;
	long n, deep = (long)(bytes / 3500) + 1, leaf;

	out += (unsigned long long)printf("{\"$schema\":\"https://www.speedscope.app/file-format-schema.json\","
	    "\"shared\":{\"frames\":[");
	for (n = 0; n < nodes; n++)
		out += (unsigned long long)printf("%s{\"name\":\"fn%ld\",\"file\":\"/srv/app/mod%ld.js\","
		    "\"line\":%ld}", n ? "," : "", n, n % 2000, 1 + n % 997);
	out += (unsigned long long)printf("]},\"profiles\":[{\"type\":\"evented\",\"name\":\"main\","
	    "\"unit\":\"microseconds\",\"startValue\":0,\"endValue\":0,\"events\":[");
	for (n = 0; n < deep; n++)
		out += event(n == 0, 'O', 8 + n % (nodes - 8), at);
	while (out < bytes) {
		leaf = (long)(next() % 8);
		out += event(0, 'O', leaf, at);
		at += 1 + next() % 50;
		out += event(0, 'C', leaf, at);
	}
	for (n = deep; n-- > 0;)
		event(0, 'C', 8 + n % (nodes - 8), at);
	printf("]}]}\n");
}

/* A node of a trace's chunk: id, parent (0: none), a function. */
static unsigned long long
tnode(int first, long id, long up, long fn)
{
	return (unsigned long long)printf("%s{\"callFrame\":{\"functionName\":\"fn%ld\","
	    "\"url\":\"https://app.example/mod%ld.js\",\"lineNumber\":%ld,\"columnNumber\":1},"
	    "\"id\":%ld%s%.0ld}", first ? "" : ",", fn, fn % 500, fn % 997, id,
	    up ? ",\"parent\":" : "", up);
}

/* A Chrome trace of many small profiles, about bytes long. */
static void
trace(unsigned long long bytes)
{
	unsigned long long out = 0, ts = 1000;
	long p, pid, tid, k, c;

	out += (unsigned long long)printf("{\"traceEvents\":[");
	for (p = 0; out < bytes; p++) {
		pid = 1000 + p / 8;
		tid = 1 + p % 8;
		out += (unsigned long long)printf("%s{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%ld,"
		    "\"tid\":%ld,\"ts\":0,\"args\":{\"name\":\"", p ? "," : "", pid, tid);
		out += (unsigned long long)(tid == 1 ? printf("CrRendererMain\"}}") :
		    printf("Worker %ld\"}}", p));
		out += (unsigned long long)printf(",{\"name\":\"Profile\",\"ph\":\"P\",\"pid\":%ld,"
		    "\"tid\":%ld,\"ts\":%llu,\"id\":\"0x%lx\",\"args\":{\"data\":{\"startTime\":%llu}}}",
		    pid, tid, ts, tid, ts);
		for (c = 0; c < 2; c++) {
			ts += 1 + next() % 100;
			out += (unsigned long long)printf(",{\"name\":\"ProfileChunk\",\"ph\":\"P\","
			    "\"pid\":%ld,\"tid\":%ld,\"ts\":%llu,\"id\":\"0x%lx\",\"args\":{\"data\":"
			    "{\"cpuProfile\":{\"nodes\":[", pid, tid, ts, tid);
			for (k = 0; k < 2; k++)
				out += tnode(k == 0, c * 2 + k + 1, k ? c * 2 + k : c ? 1 : 0,
				    (long)(next() % 5000));
			out += (unsigned long long)printf("],\"samples\":[");
			for (k = 0; k < 3; k++)
				out += (unsigned long long)printf("%s%ld", k ? "," : "",
				    c * 2 + 1 + (long)(next() % 2));
			out += (unsigned long long)printf("]},\"timeDeltas\":[");
			for (k = 0; k < 3; k++)
				out += (unsigned long long)printf("%s%llu", k ? "," : "",
				    (unsigned long long)(100 + next() % 1000));
			out += (unsigned long long)printf("]}}}");
		}
	}
	printf("]}\n");
}

int
main(int argc, char **argv)
{
	long nodes = 20000, n, s, st[256];
	unsigned long long bytes = 200000000ULL, out = 0;
	int c, ss = 0, k, d, ev = 0, tr = 0;
	long *samples;
	long ns, i;

	while ((c = getopt(argc, argv, "setb:n:")) != -1) {
		switch (c) {
		case 's': ss = 1; break;
		case 'e': ev = 1; break;
		case 't': tr = 1; break;
		case 'b': bytes = strtoull(optarg, NULL, 10); break;
		case 'n': nodes = atol(optarg); break;
		default:
			fprintf(stderr, "usage: gen-json-profile [-s | -e | -t] [-b BYTES] [-n NODES]\n");
			return 2;
		}
	}
	if (nodes < 10)
		nodes = 10;
	if (ev || tr) {
		if (ev)
			evented(nodes, bytes);
		else
			trace(bytes);
		return 0;
	}
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
			d = tree_stack(parent, depth, samples[ns - 1], st);
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
