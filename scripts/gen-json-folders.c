/*
 * gen-json-folders: write a large deterministic profile of one of the
 * JSON formats of gecko-fold, heapprofile-fold, v8log-fold and
 * safari-fold, for scripts/bench-json.
 *
 *   gen-json-folders gecko|heap|v8log|safari [-b BYTES] [-n NODES] [-S SEED]
 *
 * Each is laid out as its producer writes it, about BYTES long (default
 * 200 MB), from one call tree of NODES nodes (default 20,000; depths 10
 * to 60) of functions in 2,000 scripts, whose samples walk
 * the tree as a program does (gen.h's stream from SEED: runs of one
 * stack, mostly deep):
 *
 * - gecko: a Firefox Profiler profile (processed, version 70: the
 *   tables shared, stacks by prefixOffset, funcs by source), its one
 *   thread's samples with times in milliseconds;
 * - heap: a V8 sampling heap profile, the tree nested in "children",
 *   each node's selfSize, then its "samples" ({size, nodeId, ordinal})
 *   filling the rest;
 * - v8log: node --prof-process --preprocess's JSON, indented as it
 *   indents it: a code table of C++ symbols (most of it, as in a real
 *   log), builtins, a library and the tree's JavaScript functions, the
 *   functions, then the ticks (time, state, code indices and offsets,
 *   the leaf first), and the scripts;
 * - safari: a Safari timeline recording: a few records, then each
 *   sample's stack of frames (the leaf first) and its duration.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gen.h"

#define MAXDEPTH 60

static long *parent;
static int *depth;
static unsigned long long out;	/* bytes written */

static void put(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* printf, counted in out */
static void
put(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprintf(fmt, ap);
	va_end(ap);
	out += n > 0 ? (unsigned long long)n : 0;
}

/* The tree: node 0 the root, each other a child of one of the 8 before
 * it, or, below depth MAXDEPTH, of an ancestor of that one. */
static void
tree(long nodes)
{
	long n, p, k;

	parent = calloc((size_t)nodes, sizeof(*parent));
	depth = calloc((size_t)nodes, sizeof(*depth));
	if (!parent || !depth)
		exit(1);
	for (n = 1; n < nodes; n++) {
		p = n - 1 - (long)(next() % (uint64_t)(n < 8 ? n : 8));
		if (depth[p] >= MAXDEPTH - 1)
			for (k = 1 + (long)(next() % 50); k-- > 0 && p;)
				p = parent[p];
		parent[n] = p;
		depth[n] = depth[p] + 1;
	}
}

/* The node of the next sample: the last one again (a run), or another,
 * mostly deep in the tree. */
static long
sample(long nodes, long last)
{
	if (last >= 0 && next() % 4)
		return last;
	return nodes / 4 + (long)(next() % (uint64_t)(nodes - nodes / 4));
}

static void
gecko(long nodes, unsigned long long bytes)
{
	unsigned long long half;
	long n, s = -1;
	double t = 0;
	int first = 1;

	put("{\"meta\":{\"version\":36,\"preprocessedProfileVersion\":70,\"interval\":1,"
	    "\"startTime\":1700000000000,\"product\":\"Firefox\",\"stackwalk\":1},"
	    "\"libs\":[],\"shared\":{\"stringArray\":[");
	for (n = 0; n < nodes; n++)
		put("%s\"fn%ld\"", n ? "," : "", n);
	for (n = 0; n < 2000; n++)
		put(",\"https://example.com/src/mod%ld.js\"", n);
	put("],\"sources\":{\"filename\":[");
	for (n = 0; n < 2000; n++)
		put("%s%ld", n ? "," : "", nodes + n);
	put("],\"length\":2000},\"stackTable\":{\"prefixOffset\":[");
	for (n = 0; n < nodes; n++)
		put("%s%ld", n ? "," : "", n ? n - parent[n] : 0L);
	put("],\"frame\":[");
	for (n = 0; n < nodes; n++)
		put("%s%ld", n ? "," : "", n);
	put("],\"length\":%ld},\"frameTable\":{\"func\":[", nodes);
	for (n = 0; n < nodes; n++)
		put("%s%ld", n ? "," : "", n);
	put("],\"line\":[");
	for (n = 0; n < nodes; n++)
		put("%s%ld", n ? "," : "", 1 + n % 997);
	put("],\"length\":%ld},\"funcTable\":{\"name\":[", nodes);
	for (n = 0; n < nodes; n++)
		put("%s%ld", n ? "," : "", n);
	put("],\"isJS\":[");
	for (n = 0; n < nodes; n++)
		put("%s%s", n ? "," : "", n % 5 ? "true" : "false");
	put("],\"relevantForJS\":[");
	for (n = 0; n < nodes; n++)
		put("%sfalse", n ? "," : "");
	put("],\"lineNumber\":[");
	for (n = 0; n < nodes; n++)
		put("%s%ld", n ? "," : "", 1 + n % 997);
	put("],\"source\":[");
	for (n = 0; n < nodes; n++)
		put("%s%ld", n ? "," : "", n % 2000);
	put("],\"length\":%ld}},\"threads\":[{\"name\":\"GeckoMain\",\"processType\":\"default\","
	    "\"pid\":\"4242\",\"tid\":4242,\"samples\":{\"weightType\":\"samples\",\"stack\":[", nodes);
	/* the stacks, then as many times: half the bytes left each */
	half = out + (bytes > out ? (bytes - out) / 2 : 0);
	for (n = 0; n == 0 || out < half; n++) {
		s = sample(nodes, s);
		put("%s%ld", first ? "" : ",", s);
		first = 0;
	}
	put("],\"time\":[");
	for (s = 0; s < n; s++) {
		t += 1 + (double)(next() % 100) / 1000;
		put("%s%.3f", s ? "," : "", t);
	}
	put("],\"length\":%ld}}]}\n", n);
}

/* Node n of the heap profile and its subtree, nested; children are the
 * nodes whose parent it is, found from first[] and sib[]. */
static long *first, *sib;

static void
heapnode(long n)
{
	long c;

	put("{\"callFrame\":{\"functionName\":\"%s%ld\",\"scriptId\":\"%ld\",\"url\":"
	    "\"file:///srv/app/src/mod%ld.js\",\"lineNumber\":%ld,\"columnNumber\":%ld},"
	    "\"selfSize\":%llu,\"id\":%ld,\"children\":[", n ? "fn" : "(root)", n, n % 2000,
	    n % 2000, n % 997, n % 80, n ? (unsigned long long)(next() % 4) * 4096 : 0ULL, n + 1);
	for (c = first[n]; c; c = sib[c]) {
		heapnode(c);
		if (sib[c])
			put(",");
	}
	put("]}");
}

static void
heap(long nodes, unsigned long long bytes)
{
	long n, s = -1, k;

	first = calloc((size_t)nodes, sizeof(*first));
	sib = calloc((size_t)nodes, sizeof(*sib));
	if (!first || !sib)
		exit(1);
	for (n = nodes - 1; n > 0; n--) {
		sib[n] = first[parent[n]];
		first[parent[n]] = n;
	}
	put("{\"head\":");
	heapnode(0);
	put(",\"samples\":[");
	for (k = 0; k == 0 || out < bytes; k++) {
		s = sample(nodes, s);
		put("%s{\"size\":%llu,\"nodeId\":%ld,\"ordinal\":%ld}", k ? "," : "",
		    (unsigned long long)(1 + next() % 8) * 32, s + 1, k + 1);
	}
	put("]}\n");
}

static void
v8log(long nodes, unsigned long long bytes)
{
	long ncpp = 4 * nodes, n, s = -1, st[MAXDEPTH];
	long js = 2 + ncpp;	/* code index of node 0 */
	unsigned long long tm = 1000;
	int d, i, k;

	put("{\n  \"code\": [\n  {\n    \"name\": \"/usr/bin/node\",\n    \"type\": \"SHARED_LIB\"\n  },\n"
	    "  {\n    \"name\": \"Builtins_ArrayPrototypePush\",\n    \"timestamp\": 1285,\n"
	    "    \"type\": \"CODE\",\n    \"kind\": \"Builtin\"\n  }");
	for (n = 0; n < ncpp; n++)
		put(",\n  {\n    \"name\": \"v8::internal::Runtime%ld::Invoke(v8::internal::Isolate*, "
		    "v8::internal::Handle<v8::internal::Object>, int)\",\n    \"type\": \"CPP\"\n  }", n);
	for (n = 0; n < nodes; n++)
		put(",\n  {\n    \"name\": \"fn%ld /srv/app/src/mod%ld.js:%ld:%ld\",\n    \"type\": \"JS\",\n"
		    "    \"kind\": \"%s\",\n    \"func\": %ld,\n    \"tm\": %ld,\n    \"source\": {\n"
		    "      \"script\": %ld,\n      \"start\": 0,\n      \"end\": 100,\n"
		    "      \"positions\": \"C0O0C4O100\",\n      \"inlined\": \"\",\n      \"fns\": []\n"
		    "    }\n  }", n, n % 2000, 1 + n % 997, 1 + n % 80, n % 3 ? "Opt" : "Sparkplug",
		    n, 40000 + n, n % 2000);
	put("\n],\n  \"functions\": [\n");
	for (n = 0; n < nodes; n++)
		put("%s  {\n    \"name\": \"fn%ld /srv/app/src/mod%ld.js:%ld:%ld\",\n    \"codes\": [\n"
		    "      %ld\n    ]\n  }", n ? ",\n" : "", n, n % 2000, 1 + n % 997, 1 + n % 80, js + n);
	put("\n],\n  \"ticks\": [\n");
	for (k = 0; k == 0 || out < bytes; k++) {
		s = sample(nodes, s);
		d = tree_stack(parent, depth, s, st);
		tm += 900 + next() % 200;
		put("%s    {\n  \"tm\": %llu,\n  \"vm\": %d,\n  \"s\": [\n", k ? ",\n" : "", tm,
		    next() % 16 ? 0 : 6);
		/* a C++ frame on top now and then, the leaf first */
		if (next() % 3 == 0)
			put("    %ld,\n    %llu,\n", 2 + (long)(next() % (uint64_t)ncpp),
			    (unsigned long long)(next() % 4096));
		for (i = d - 1; i >= 0; i--)
			put("    %ld,\n    %llu%s\n", js + st[i], (unsigned long long)(next() % 2048),
			    i ? "," : "");
		put("  ]\n}");
	}
	put("\n  ],\n  \"scripts\": [");
	for (n = 0; n < 2000; n++)
		put("%s{\"url\":\"/srv/app/src/mod%ld.js\",\"source\":\"\"}", n ? "," : "", n);
	put("]}\n");
}

static void
safari(long nodes, unsigned long long bytes)
{
	long s = -1, st[MAXDEPTH];
	double t = 4.16, dur;
	int d, i, k;

	put("{\"version\":1,\"recording\":{\"displayName\":\"Timeline Recording 1\",\"startTime\":4.16,"
	    "\"endTime\":0,\"discontinuities\":[],\"instrumentTypes\":[\"timeline-record-type-network\","
	    "\"timeline-record-type-script\",\"timeline-record-type-cpu\"],\"records\":[");
	for (k = 0; k < 100; k++)
		put("%s{\"type\":\"timeline-record-type-cpu\",\"timestamp\":%.6f,\"usage\":%d,"
		    "\"threads\":[{\"name\":\"Main Thread\",\"usage\":%d,\"type\":\"main\"}]}",
		    k ? "," : "", 4.16 + k * 0.5, k % 100, k % 100);
	put("],\"markers\":[],\"memoryPressureEvents\":[],\"sampleStackTraces\":[");
	/* the stacks, then their durations: most of the bytes the stacks */
	for (k = 0; k == 0 || out < bytes - bytes / 50; k++) {
		s = sample(nodes, s);
		d = tree_stack(parent, depth, s, st);
		t += 0.001 + (double)(next() % 1000) * 1e-7;
		put("%s{\"timestamp\":%.15g,\"stackFrames\":[", k ? "," : "", t);
		for (i = d - 1; i >= 0; i--)
			put("{\"sourceID\":\"%ld\",\"name\":\"fn%ld\",\"line\":%ld,\"column\":%ld,"
			    "\"url\":\"https://example.com/src/mod%ld.js\",\"expressionLocation\":"
			    "{\"line\":%ld,\"column\":%ld}}%s", st[i] % 2000, st[i], 1 + st[i] % 997,
			    1 + st[i] % 80, st[i] % 2000, 2 + st[i] % 997, 5 + st[i] % 80, i ? "," : "");
		put("]}");
	}
	put("],\"sampleDurations\":[");
	for (i = 0; i < k; i++) {
		dur = 0.001 + (double)(next() % 1000) * 1e-9;
		put("%s%.15g", i ? "," : "", dur);
	}
	put("]},\"overview\":{\"secondsPerPixel\":0.01,\"scrollStartTime\":4.16,"
	    "\"selectionStartTime\":4.16,\"selectionDuration\":15}}\n");
}

int
main(int argc, char **argv)
{
	unsigned long long bytes = 200000000ULL;
	const char *fmt;
	long nodes = 20000;
	int c;

	if (argc < 2) {
		fprintf(stderr, "usage: gen-json-folders gecko|heap|v8log|safari [-b BYTES] "
		    "[-n NODES] [-S SEED]\n");
		return 2;
	}
	fmt = argv[1];
	optind = 2;
	while ((c = getopt(argc, argv, "b:n:S:")) != -1) {
		switch (c) {
		case 'b': bytes = strtoull(optarg, NULL, 10); break;
		case 'n': nodes = atol(optarg); break;
		case 'S': rng = strtoull(optarg, NULL, 10) | 1; break;
		default: return 2;
		}
	}
	if (nodes < 100)
		nodes = 100;
	tree(nodes);
	if (!strcmp(fmt, "gecko"))
		gecko(nodes, bytes);
	else if (!strcmp(fmt, "heap"))
		heap(nodes, bytes);
	else if (!strcmp(fmt, "v8log"))
		v8log(nodes, bytes);
	else if (!strcmp(fmt, "safari"))
		safari(nodes, bytes);
	else
		return 2;
	return fflush(stdout) != 0;
}
