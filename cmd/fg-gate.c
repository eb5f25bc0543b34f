/* fg-gate: a verdict on a change between profiles, with its noise sized */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/out.h"
#include "base/progress.h"
#include "base/util.h"
#include "report/gate.h"
#include "report/gaterules.h"
#include "report/top.h"

static noreturn void
usage(void)
{
	printf("usage: %s [options] [BASELINE TARGET | DIFF]\n"
	    "       %s [options] --base B1 B2... --target T1 T2...\n"
	    "  -r, --rules FILE        rules, one a line ('fail growth > 10%% min-share 1%%')\n"
	    "  -g, --max-growth PCT    fail: a function's share grew more than PCT\n"
	    "  -m, --min-share PCT     ... of the functions over PCT of a side (1)\n"
	    "      --budget PAT=PCT    fail: the function PAT over PCT of the total\n"
	    "      --self              the options' rules on self shares, not totals\n"
	    "  -b, --by WHAT           group by frame, function (default) or file\n"
	    "  -c, --confidence PCT    of the whole verdict (99)\n"
	    "      --base FILE...      repeated runs of the baseline, then\n"
	    "      --target FILE...    ... of the target\n"
	    "  -f, --format FMT        text (default), markdown, json, junit or github\n"
	    "      --callers N         callers shown for a tripped rule (3)\n"
	    "      --strict            a rule that names nothing is an error\n"
	    "  -q, --quiet             no progress line on a terminal\n"
	    "  -h, --help              show this help\n"
	    "      --version           show the version\n"
	    "Exit status: 0 pass, 1 bad input, 2 usage, 3 a fail rule tripped.\n", argv0, argv0);
	exit_stdout();
}

/* --base and --target take the words after them up to the next option:
 * taken out of argv (its new count), into g. */
static int
runs(struct gate *g, int argc, char **argv)
{
	int i, n = 1, side = -1;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--")) {
			while (i < argc)
				argv[n++] = argv[i++];
			break;
		}
		if (!strcmp(argv[i], "--base") || !strcmp(argv[i], "--target")) {
			side = argv[i][2] == 't';
			if (g->n[side])
				usage_error("%s given twice", argv[i]);
			g->path[side] = (const char **)argv + i + 1;
			continue;
		}
		if (side >= 0 && argv[i][0] != '-') {
			g->n[side]++;
			continue;
		}
		side = -1;
		argv[n++] = argv[i];
	}
	argv[n] = NULL;
	return n;
}

int
main(int argc, char **argv)
{
	enum { O_BUDGET = 256, O_SELF, O_STRICT, O_CALLERS };
	static const struct option longopts[] = {
		{ "rules", required_argument, NULL, 'r' },
		{ "max-growth", required_argument, NULL, 'g' },
		{ "min-share", required_argument, NULL, 'm' },
		{ "budget", required_argument, NULL, O_BUDGET },
		{ "self", no_argument, NULL, O_SELF },
		{ "by", required_argument, NULL, 'b' },
		{ "confidence", required_argument, NULL, 'c' },
		{ "format", required_argument, NULL, 'f' },
		{ "callers", required_argument, NULL, O_CALLERS },
		{ "strict", no_argument, NULL, O_STRICT },
		OPT_HELP_VERSION,
		{ 0 }
	};
	static const char *const groupings[] = { "frame", "function", "file", NULL };
	static const char *const formats[] = { "text", "markdown", "json", "junit", "github", NULL };
	struct gate g;
	const char *growth = NULL, *minshare = NULL, **budgets = NULL, *eq;
	char **rulefiles = NULL;
	int c, i, nbudgets = 0, nrulefiles = 0, self = 0;
	double v;
	char line[4096];
	const char *one[1];

	argv[0] = setprogname(argv[0]);
	memset(&g, 0, sizeof(g));
	g.by = BY_FUNCTION;
	g.confidence = 0.99;
	g.ncallers = 3;
	argc = runs(&g, argc, argv);
	while ((c = getopt_long(argc, argv, "r:g:m:b:c:f:qh", longopts, NULL)) != -1) {
		switch (c) {
		case 'r':
			rulefiles = ereallocarray(rulefiles, nrulefiles + 1, sizeof(*rulefiles));
			rulefiles[nrulefiles++] = optarg;
			break;
		case 'g':
			if (gr_pct(optarg) < 0)
				usage_error("--max-growth: '%s' is no percentage", optarg);
			growth = optarg;
			break;
		case 'm':
			if ((v = gr_pct(optarg)) < 0 || v > 1)
				usage_error("--min-share: '%s' is no percentage from 0 to 100", optarg);
			minshare = optarg;
			break;
		case O_BUDGET:
			if (!(eq = strrchr(optarg, '=')) || eq == optarg || (v = gr_pct(eq + 1)) < 0 || v > 1)
				usage_error("--budget: '%s' is not PATTERN=PCT", optarg);
			budgets = ereallocarray(budgets, nbudgets + 1, sizeof(*budgets));
			budgets[nbudgets++] = optarg;
			break;
		case O_SELF: self = 1; break;
		case 'b': g.by = opt_choice(optarg, "grouping", groupings); break;
		case 'c':
			if ((v = gr_pct(optarg)) < 0.5 || v >= 1)
				usage_error("--confidence: '%s' is no percentage from 50 to under 100", optarg);
			g.confidence = v;
			break;
		case 'f': g.format = opt_choice(optarg, "format", formats); break;
		case O_CALLERS:
			g.ncallers = (int)estrtou64(optarg, "callers");
			if (g.ncallers > 1000)
				usage_error("--callers: at most 1000");
			break;
		case O_STRICT: g.strict = 1; break;
		case 'q': progress_quiet(); break;
		case 'h': usage();
		case OPT_VERSION: version();
		default: tryhelp();
		}
	}
	argc -= optind;
	argv += optind;
	if ((g.n[0] || g.path[0]) != (g.n[1] || g.path[1]))
		usage_error("--base and --target go together");
	if (g.path[0] || g.path[1]) {
		if (argc)
			usage_error("profiles are given either as operands or with --base and --target");
		if (!g.n[0] || !g.n[1])
			usage_error("--base and --target each name at least one profile");
	} else if (argc == 2) {
		g.path[0] = (const char **)argv;
		g.path[1] = (const char **)argv + 1;
		g.n[0] = g.n[1] = 1;
		if (!strcmp(argv[0], "-") && !strcmp(argv[1], "-"))
			usage_error("standard input can be only one of the profiles");
	} else if (argc <= 1) {
		one[0] = argc && strcmp(argv[0], "-") ? argv[0] : NULL;
		g.path[0] = one;
		g.diff = 1;
	} else {
		usage_error("two profiles expected, BASELINE and TARGET (or one of differential lines)");
	}
	/* the options' rules, in the rules' own words */
	if (growth || (!nrulefiles && !nbudgets)) {
		snprintf(line, sizeof(line), "fail growth > %s%s min-share %s%s %s",
		    growth ? growth : "10", growth && strchr(growth, '%') ? "" : "%",
		    minshare ? minshare : "1", minshare && strchr(minshare, '%') ? "" : "%",
		    self ? "self" : "total");
		gr_parse(&g.rules, line, NULL, 0);
	} else if (minshare) {
		usage_error("--min-share goes with --max-growth");
	}
	for (i = 0; i < nbudgets; i++) {
		eq = strrchr(budgets[i], '=');
		snprintf(line, sizeof(line), "fail share > %s%s %s of %.*s", eq + 1,
		    strchr(eq + 1, '%') ? "" : "%", self ? "self" : "total", (int)(eq - budgets[i]),
		    budgets[i]);
		gr_parse(&g.rules, line, NULL, 0);
	}
	for (i = 0; i < nrulefiles; i++)
		gr_file(&g.rules, rulefiles[i]);
	if (!g.rules.n)
		eprintf("no rule: the rules files hold none");
	c = gate_run(&g);
	gr_free(&g.rules);
	free(budgets);
	free(rulefiles);
	return c;
}
