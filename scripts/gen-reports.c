/*
 * gen-reports: a deterministic call tree written as one of the reports
 * of other tools, for the benchmarks: NODES functions a line (VTune's
 * top-down CSV, Visual Studio's CallTreeSummary, GHC's .prof) or as the
 * rows of an xctrace export (a row a node, its backtrace the node's
 * path, defined once and referred to by the next rows that share it).
 * Depths wander between 1 and 40, each line at most one deeper than the
 * one before; names are C++ and Haskell-like, from a pool of 4096.
 *
 * usage: gen-reports vtune|vsprof|ghc|xctrace NODES [SEED]
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"

#define MAXDEPTH 40
#define NAMES 4096

static char names[NAMES][96];

static char xnames[NAMES][112];	/* the same, escaped for XML */

static void
mknames(void)
{
	int i, a, b;

	for (i = 0; i < NAMES; i++) {
		a = (int)(next() % 40);
		b = (int)(next() % 100);
		snprintf(names[i], sizeof(names[i]), "app::mod%d::Type%d<int, char>::method%d(unsigned long)",
		    a, b, i);
		snprintf(xnames[i], sizeof(xnames[i]),
		    "app::mod%d::Type%d&lt;int, char&gt;::method%d(unsigned long)", a, b, i);
	}
}

/* the next node's depth, from the last one's */
static int
step(int d)
{
	uint64_t r = next() % 100;

	if (d < MAXDEPTH && r < 55)
		return d + 1;
	if (r < 80)
		return d;
	return (int)(next() % (unsigned)(d + 1));
}

static void
vtune(long n)
{
	long i;
	int d = 0;

	printf("Function Stack,CPU Time:Self,Module\nTotal,0.0,[Unknown]\n");
	for (i = 0; i < n; i++) {
		d = step(d);
		printf("%*s\"%s\",%.6f,lib%d.so\n", d, "", names[next() % NAMES],
		    (double)(next() % 5000) / 1e6, (int)(next() % 8));
	}
}

static void
vsprof(long n)
{
	long i, c;
	int d = 0;

	printf("Level,Function Name,Number of Calls,Elapsed Inclusive Time %%,Elapsed Exclusive Time %%,"
	    "Avg Elapsed Inclusive Time,Avg Elapsed Exclusive Time,Module Name,\r\n"
	    "0,\"app.exe\",0,100.00,0.00,0.00,0.00,\"\",\r\n");
	for (i = 0; i < n; i++) {
		d = step(d);
		c = (long)(next() % 3000000);
		if (c >= 1000000)
			printf("%d,\"%s\",\"%ld,%03ld,%03ld\",1.00,1.00,0.00,0.00,\"app.exe\",\r\n",
			    d + 1, names[next() % NAMES], c / 1000000, c / 1000 % 1000, c % 1000);
		else if (c >= 1000)
			printf("%d,\"%s\",\"%ld,%03ld\",1.00,1.00,0.00,0.00,\"app.exe\",\r\n", d + 1,
			    names[next() % NAMES], c / 1000, c % 1000);
		else
			printf("%d,\"%s\",%ld,1.00,1.00,0.00,0.00,\"app.exe\",\r\n", d + 1,
			    names[next() % NAMES], c);
	}
}

static void
ghc(long n)
{
	long i;
	int d = 0, k;

	printf("\tFri Nov 27 13:30 2026 Time and Allocation Profiling Report  (Final)\n\n"
	    "\t   app +RTS -P -RTS\n\n%-60s %-20s %-24s %6s %11s %6s %6s %7s %6s %6s %9s\n\n",
	    "COST CENTRE", "MODULE", "SRC", "no.", "entries", "%time", "%alloc", "%time", "%alloc",
	    "ticks", "bytes");
	printf("%-60s %-20s %-24s %6d %11d %6.1f %6.1f %7.1f %6.1f %6d %9d\n", "MAIN", "MAIN",
	    "<built-in>", 1, 0, 0.0, 0.0, 100.0, 100.0, 0, 816);
	for (i = 0; i < n; i++) {
		d = step(d);
		k = (int)(next() % NAMES);
		printf("%*s%-*s %-20s %-24s %6ld %11d %6.1f %6.1f %7.1f %6.1f %6d %9d\n", d, "",
		    60 - d, names[k] + 5 + (k % 7), "App.Mod", "src/App.hs:1:1-20", i + 2,
		    (int)(next() % 1000), (double)(next() % 1000) / 10, (double)(next() % 1000) / 10,
		    0.0, 0.0, (int)(next() % 50), (int)(next() % 100000));
	}
}

/* xctrace: each node a backtrace of its path; rows sample them */
static void
xctrace(long n)
{
	static long frameid[MAXDEPTH + 2], btid;
	long i, id = 1, rows = 0;
	int d = 0, k, j;

	printf("<?xml version=\"1.0\"?>\n<trace-query-result>\n<node xpath='//trace-toc[1]/run[1]/data[1]/table[11]'>"
	    "<schema name=\"time-profile\"><col><mnemonic>time</mnemonic></col></schema>\n");
	printf("<row><weight id=\"%ld\" fmt=\"1.00 ms\">1000000</weight><sentinel/></row>\n", id++);
	for (i = 0; i < n; i++) {
		d = i ? step(d) : 0;
		k = (int)(next() % NAMES);
		btid = id++;
		printf("<row><sample-time id=\"%ld\" fmt=\"00:00.%03ld\">%ld</sample-time><weight ref=\"1\"/>"
		    "<backtrace id=\"%ld\"><frame id=\"%ld\" name=\"%s\" addr=\"0x%lx\"/>", id, i % 1000,
		    i * 1000, btid, id + 1, xnames[k], (unsigned long)next() % 0xffffff);
		frameid[d] = id + 1;
		id += 2;
		for (j = d - 1; j >= 0; j--)
			printf("<frame ref=\"%ld\"/>", frameid[j]);
		printf("</backtrace></row>\n");
		for (j = (int)(next() % 4); j > 0; j--, rows++)
			printf("<row><weight ref=\"1\"/><backtrace ref=\"%ld\"/></row>\n", btid);
	}
	printf("</node>\n</trace-query-result>\n");
	(void)rows;
}

int
main(int argc, char **argv)
{
	long n;

	if (argc < 3) {
		fprintf(stderr, "usage: gen-reports vtune|vsprof|ghc|xctrace NODES [SEED]\n");
		return 2;
	}
	n = atol(argv[2]);
	if (argc > 3)
		rng ^= strtoull(argv[3], NULL, 10) * 0x9e3779b97f4a7c15ULL;
	mknames();
	if (!strcmp(argv[1], "vtune"))
		vtune(n);
	else if (!strcmp(argv[1], "vsprof"))
		vsprof(n);
	else if (!strcmp(argv[1], "ghc"))
		ghc(n);
	else if (!strcmp(argv[1], "xctrace"))
		xctrace(n);
	else
		return 2;
	return fflush(stdout) ? 1 : 0;
}
