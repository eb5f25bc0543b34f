/* gaterules.c: fg-gate's rules (see gaterules.h) */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/regex.h"
#include "base/util.h"
#include "report/gaterules.h"

double
gr_pct(const char *s)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (end == s || errno || !(v >= 0 && v <= 1e6))
		return -1;
	if (*end == '%')
		end++;
	return *end ? -1 : v / 100;
}

struct at {
	const char *file;
	unsigned long line;
};

static noreturn void PRINTFLIKE(2, 3)
bad(const struct at *at, const char *fmt, ...)
{
	va_list ap;
	char msg[512];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (at->file)
		fileerr(at->file, at->line, "%s", msg);
	usage_error("%s", msg);
}

/* The next word of *s (it moves past it) into w, NUL-terminated; 0 at
 * the end of the line or a comment. */
static int
word(const char **s, char *w, size_t cap)
{
	const char *p = *s;
	size_t n = 0;

	while (*p == ' ' || *p == '\t')
		p++;
	if (!*p || *p == '#' || *p == '\n' || *p == '\r')
		return 0;
	while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r') {
		if (n + 1 < cap)
			w[n++] = *p;
		p++;
	}
	w[n] = 0;
	*s = p;
	return 1;
}

/* The pattern of "of ...": the rest of s, up to a comment (a '#' after a
 * blank) and without the blanks around it. */
static void
pattern(struct grule *r, const char *s, const struct at *at)
{
	const char *e, *p;
	char *text;
	int kind = PAT_NAME;
	const char *err;
	struct rx *rx;

	while (*s == ' ' || *s == '\t')
		s++;
	for (e = s; *e && *e != '\n' && *e != '\r'; e++)
		if (e > s && *e == '#' && (e[-1] == ' ' || e[-1] == '\t'))
			break;
	while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	if ((e - s > 3 && (s[1] == 'e' || s[1] == 'F') && s[0] == '-' &&
	    (s[2] == ' ' || s[2] == '\t'))) {
		kind = s[1] == 'e' ? PAT_REGEX : PAT_FIXED;
		for (s += 3; *s == ' ' || *s == '\t'; s++)
			;
	}
	if (e <= s)
		bad(at, "'of' names no function");
	text = emalloc(e - s + 1);
	memcpy(text, s, e - s);
	text[e - s] = 0;
	for (p = text; *p; p++)
		if ((unsigned char)*p < ' ' && *p != '\t')
			bad(at, "a control character in the pattern");
	if (kind == PAT_REGEX) {
		if (!(rx = rx_compile(text, RX_NEWLINE, &err)))
			bad(at, "bad regular expression '%.200s': %s", text, err);
		rx_free(rx);
	}
	pat_add(&r->pats, kind, text);
	free(text);
}

void
gr_parse(struct grules *rs, const char *line, const char *file, unsigned long lineno)
{
	struct at at = { file, lineno };
	struct grule r;
	const char *s = line, *e;
	char w[256], src[300];
	int gotwhich = 0, gotmin = 0;

	if (!word(&s, w, sizeof(w)))
		return;
	memset(&r, 0, sizeof(r));
	r.minshare = -1;
	if (!strcmp(w, "fail"))
		r.level = GR_FAIL;
	else if (!strcmp(w, "warn"))
		r.level = GR_WARN;
	else
		bad(&at, "'%.100s': a rule starts with 'warn' or 'fail'", w);
	if (!word(&s, w, sizeof(w)))
		bad(&at, "'growth' or 'share' expected after the level");
	if (!strcmp(w, "growth"))
		r.metric = GR_GROWTH;
	else if (!strcmp(w, "share"))
		r.metric = GR_SHARE;
	else
		bad(&at, "'%.100s': 'growth' or 'share' expected", w);
	if (!word(&s, w, sizeof(w)) || strcmp(w, ">"))
		bad(&at, "'>' and a limit expected after '%s'",
		    r.metric == GR_GROWTH ? "growth" : "share");
	if (!word(&s, w, sizeof(w)) || (r.limit = gr_pct(w)) < 0)
		bad(&at, "a percentage expected after '>' (10%%)");
	if (r.metric == GR_SHARE && r.limit > 1)
		bad(&at, "a share over 100%%");
	while (word(&s, w, sizeof(w))) {
		if (!strcmp(w, "self") || !strcmp(w, "total")) {
			if (gotwhich++)
				bad(&at, "'self' or 'total' said twice");
			r.self = w[0] == 's';
		} else if (!strcmp(w, "min-share")) {
			if (gotmin++)
				bad(&at, "'min-share' said twice");
			if (!word(&s, w, sizeof(w)) || (r.minshare = gr_pct(w)) < 0 ||
			    r.minshare > 1)
				bad(&at, "a percentage expected after 'min-share'");
		} else if (!strcmp(w, "of")) {
			pattern(&r, s, &at);
			break;
		} else {
			bad(&at, "'%.100s': 'self', 'total', 'min-share' or 'of' expected", w);
		}
	}
	if (r.metric == GR_SHARE && !r.pats.n)
		bad(&at, "a share rule names its function: 'of NAME'");
	if (r.metric == GR_SHARE && gotmin)
		bad(&at, "'min-share' goes with 'growth'");
	if (r.minshare < 0)
		r.minshare = r.pats.n ? 0 : 0.01;
	if (file)
		snprintf(src, sizeof(src), "%s:%lu", file, lineno);
	else
		snprintf(src, sizeof(src), "%s", "command line");
	r.src = estrdup(src);
	/* the rule as written, without its comment and blanks */
	while (*line == ' ' || *line == '\t')
		line++;
	for (e = line; *e && *e != '\n' && *e != '\r'; e++)
		if (*e == '#' && (e[-1] == ' ' || e[-1] == '\t'))
			break;
	while (e > line && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	r.text = emalloc(e - line + 1);
	memcpy(r.text, line, e - line);
	r.text[e - line] = 0;
	rs->r = ereallocarray(rs->r, rs->n + 1, sizeof(*rs->r));
	rs->r[rs->n++] = r;
}

void
gr_file(struct grules *rs, const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	unsigned long lineno = 0;
	const char *name = displayname(path);

	if (!f)
		eprintf("%s: %s", name, strerror(errno));
	while ((n = getline(&line, &cap, f)) >= 0) {
		lineno++;
		if (memchr(line, 0, n))
			fileerr(name, lineno, "a NUL byte");
		gr_parse(rs, line, name, lineno);
	}
	if (ferror(f))
		eprintf("%s: %s", name, strerror(errno));
	fclose(f);
	free(line);
}

void
gr_free(struct grules *rs)
{
	size_t i;

	for (i = 0; i < rs->n; i++) {
		pat_free(&rs->r[i].pats);
		free(rs->r[i].src);
		free(rs->r[i].text);
	}
	free(rs->r);
	rs->r = NULL;
	rs->n = 0;
}
