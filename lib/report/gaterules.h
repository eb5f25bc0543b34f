/* gaterules.h: fg-gate's rules, from its options and rules files
 *
 * A rule, one a line in a rules file, '#' starting a comment:
 *
 *   fail growth > 10% min-share 1%        every function over 1% of a side
 *   warn growth > 5% self of -e ^parse_   the functions a pattern names
 *   fail share > 12% of sort!             a budget: at most 12% of the total
 *
 *   LEVEL  warn or fail
 *   METRIC growth (of a function's share, relative to the baseline's)
 *          or share (the target's, an absolute budget)
 *   > PCT  the limit
 *   self | total   which share (total: samples through the function)
 *   min-share PCT  growth: functions under PCT on both sides left out
 *   of PATTERN     the rest of the line: NAME, NAME@FILE, -e REGEX,
 *                  -F TEXT (fg(7)); a share needs one
 */
#ifndef FG_GATERULES_H
#define FG_GATERULES_H

#include "stack/pattern.h"

enum { GR_WARN, GR_FAIL };
enum { GR_GROWTH, GR_SHARE };

struct grule {
	int level, metric;	/* GR_WARN or GR_FAIL; GR_GROWTH or GR_SHARE */
	int self;		/* the self share, not the total */
	double limit;		/* a fraction: growth 0.10, share 0.12 */
	double minshare;	/* growth: the share a key needs on a side */
	struct patset pats;	/* pats.n == 0: every key */
	char *src;		/* where it was said: "gate.rules:3", "--max-growth" */
	char *text;		/* the rule as written */
};

struct grules {
	struct grule *r;
	size_t n;
};

/* Parse the rule in line (a file's line or an option's words); src is
 * where it comes from, file and lineno for the message of a bad one
 * ("fg-gate: gate.rules:3: ...", exit 1); file NULL: a usage error.
 * An empty or comment line adds nothing. */
void gr_parse(struct grules *rs, const char *line, const char *file, unsigned long lineno);
/* Every rule of the file path. */
void gr_file(struct grules *rs, const char *path);
/* "PCT" or "PCT%" as a fraction (10% -> 0.1); -1 when it is not one. */
double gr_pct(const char *s);
void gr_free(struct grules *rs);

#endif
