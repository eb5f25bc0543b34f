/* nameattr.c: per-function attributes of frames, read as inferno reads
 * them (attrs.rs): lines trimmed, empty pairs skipped, quotes around a
 * value dropped, g_extra and a_extra split into NAME=VALUE pairs. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"
#include "base/util.h"
#include "draw/nameattr.h"

/* The attributes a line may give, beside title and href; link ones go
 * on the link around the frame.  data-* and aria-* are allowed too. */
static const struct { const char *name; int link; } allowed[] = {
	{ "id", 0 }, { "class", 0 }, { "stroke", 0 }, { "stroke-width", 0 },
	{ "stroke-opacity", 0 }, { "stroke-dasharray", 0 }, { "stroke-linecap", 0 },
	{ "stroke-linejoin", 0 }, { "fill-opacity", 0 }, { "opacity", 0 }, { "cursor", 0 },
	{ "target", 1 }, { "rel", 1 }, { "hreflang", 1 }, { "type", 1 },
	{ "referrerpolicy", 1 }, { "download", 1 },
};

struct where {
	const char *path;
	uint64_t line;
};

/* "PROG: FILE:LINE: what 'S' (ignored)", S made safe for a terminal. */
static void
warn(const struct where *w, const char *what, const char *s, size_t n)
{
	char *e = emalloc(4 * (n > 200 ? 200 : n) + 1);

	term_escape(s, n > 200 ? 200 : n, e);
	weprintf("%s:%llu: %s '%s' (ignored)", w->path, (unsigned long long)w->line, what, e);
	free(e);
}

static int
space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

/* s[0..*n) without the white space around it. */
static const char *
trim(const char *s, size_t *n)
{
	while (*n && space(*s)) {
		s++;
		(*n)--;
	}
	while (*n && space(s[*n - 1]))
		(*n)--;
	return s;
}

/* The name from the list (or data-*, aria-* in lower case, digits and
 * dashes) that s[0..n) is, in *name; 0 when it is none. */
static int
lookup(struct nameattrs *m, const char *s, size_t n, const char **name, int *link)
{
	size_t i;

	for (i = 0; i < LEN(allowed); i++)
		if (strlen(allowed[i].name) == n && !memcmp(allowed[i].name, s, n)) {
			*name = allowed[i].name;
			*link = allowed[i].link;
			return 1;
		}
	if (n < 6 || (memcmp(s, "data-", 5) && memcmp(s, "aria-", 5)))
		return 0;
	for (i = 5; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '-'))
			return 0;
	*name = arena_strdup(&m->arena, s, n);
	*link = 0;
	return 1;
}

/* Whether URL s[0..n) runs script when followed: its scheme, as a
 * browser reads it (leading controls and spaces skipped, tabs and line
 * breaks dropped, any case), is javascript, vbscript or data. */
static int
script_url(const char *s, size_t n)
{
	static const char *const bad[] = { "javascript:", "vbscript:", "data:" };
	char scheme[16];
	size_t i = 0, k = 0, j;

	while (i < n && (unsigned char)s[i] <= ' ')
		i++;
	for (; i < n && k < sizeof(scheme) - 1; i++) {
		if (s[i] == '\t' || s[i] == '\n' || s[i] == '\r')
			continue;
		scheme[k++] = s[i] >= 'A' && s[i] <= 'Z' ? s[i] - 'A' + 'a' : s[i];
		if (s[i] == ':')
			break;
	}
	scheme[k] = 0;
	for (j = 0; j < LEN(bad); j++)
		if (!strcmp(scheme, bad[j]))
			return 1;
	return 0;
}

/* Set attribute name of f to v[0..n); a second one replaces the first. */
static void
set(struct nameattrs *m, struct nafunc *f, const struct where *w, const char *name, int link,
    const char *v, size_t n)
{
	uint32_t i;

	for (i = 0; i < f->n && strcmp(f->a[i].name, name); i++)
		;
	if (i < f->n) {
		warn(w, "an earlier value of", name, strlen(name));
	} else {
		f->a = egrowarray(f->a, &f->cap, (size_t)f->n + 1, sizeof(*f->a));
		f->n++;
	}
	f->a[i].name = name;
	f->a[i].link = link;
	f->a[i].value = arena_strdup(&m->arena, v, n);
}

/* An attribute named s[0..n) with value v[0..vn), if allowed. */
static void
attr(struct nameattrs *m, struct nafunc *f, const struct where *w, const char *s, size_t n,
    const char *v, size_t vn)
{
	const char *name;
	int link;

	if (!lookup(m, s, n, &name, &link)) {
		warn(w, "attribute not allowed:", s, n);
		return;
	}
	set(m, f, w, name, link, v, vn);
}

/* g_extra and a_extra: NAME=VALUE or NAME="VALUE", space-separated. */
static void
extras(struct nameattrs *m, struct nafunc *f, const struct where *w, const char *s, size_t n)
{
	const char *eq, *name, *v, *end = s + n;
	size_t nn, vn;

	while (s < end) {
		if (!(eq = memchr(s, '=', end - s))) {
			nn = end - s;
			name = trim(s, &nn);
			if (nn)
				warn(w, "attribute without a value:", name, nn);
			return;
		}
		nn = eq - s;
		name = trim(s, &nn);
		/* words before the last have no value */
		while ((v = memchr(name, ' ', nn)) || (v = memchr(name, '\t', nn))) {
			warn(w, "attribute without a value:", name, v - name);
			nn -= v + 1 - name;
			name = trim(v + 1, &nn);
		}
		for (s = eq + 1; s < end && space(*s); s++)
			;
		if (s < end && *s == '"') {
			v = s + 1;
			if (!(s = memchr(v, '"', end - v))) {
				warn(w, "no end quote in", name, end - name);
				return;
			}
			vn = s++ - v;
		} else {
			for (v = s; s < end && !space(*s); s++)
				;
			vn = s - v;
		}
		if (!nn)
			warn(w, "a value without a name:", v, vn);
		else
			attr(m, f, w, name, nn, v, vn);
	}
}

/* One NAME=VALUE pair of a line, s[0..n). */
static void
pair(struct nameattrs *m, struct nafunc *f, const struct where *w, const char *s, size_t n)
{
	const char *eq = memchr(s, '=', n), *end = s + n, *v;
	size_t nn, vn;

	if (!eq) {
		nn = n;
		s = trim(s, &nn);
		if (nn)
			warn(w, "attribute without a value:", s, nn);
		return;
	}
	nn = eq - s;
	s = trim(s, &nn);
	vn = end - eq - 1;
	v = trim(eq + 1, &vn);
	if (!nn)
		return;
	if (vn >= 2 && v[0] == '"' && v[vn - 1] == '"') {
		v++;
		vn -= 2;
	}
	if (nn == 5 && !memcmp(s, "title", 5)) {
		f->title = arena_strdup(&m->arena, v, vn);
		m->titles = 1;
	} else if (nn == 4 && !memcmp(s, "href", 4)) {
		if (script_url(v, vn))
			warn(w, "href runs script:", v, vn);
		else
			f->href = arena_strdup(&m->arena, v, vn);
	} else if (nn == 7 && (!memcmp(s, "g_extra", 7) || !memcmp(s, "a_extra", 7))) {
		extras(m, f, w, v, vn);
	} else {
		attr(m, f, w, s, nn, v, vn);
	}
}

void
nameattr_init(struct nameattrs *m)
{
	memset(m, 0, sizeof(*m));
	intern_init(&m->names);
}

void
nameattr_line(struct nameattrs *m, const char *path, const char *s, size_t n)
{
	struct where w = { path, ++m->lineno };
	const char *tab, *end, *p;
	struct nafunc *f;
	uint32_t id, had;

	s = trim(s, &n);
	if (!n)
		return;
	if (!(tab = memchr(s, '\t', n)))
		fileerr(path, w.line, "no tab after the name (FUNC<tab>NAME=VALUE...)");
	had = m->names.n;
	id = intern(&m->names, s, tab - s);
	if (m->names.n > had) {
		m->f = ereallocarray(m->f, m->names.n, sizeof(*m->f));
		memset(&m->f[id], 0, sizeof(*m->f));
	}
	f = &m->f[id];
	for (p = tab + 1, end = s + n; p < end; p = tab + (tab < end)) {
		if (!(tab = memchr(p, '\t', end - p)))
			tab = end;
		pair(m, f, &w, p, tab - p);
	}
}

void
nameattr_load(struct nameattrs *m, const char *path)
{
	FILE *fp = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;

	if (!fp)
		eprintf("%s: %s", path, strerror(errno));
	while ((len = getline(&line, &cap, fp)) >= 0) {
		if (memchr(line, 0, len))
			fileerr(path, m->lineno + 1, "a NUL byte");
		nameattr_line(m, path, line, len);
	}
	if (ferror(fp))
		eprintf("%s: %s", path, strerror(errno));
	free(line);
	fclose(fp);
}

const struct nafunc *
nameattr_find(const struct nameattrs *m, const char *name, size_t n)
{
	uint32_t id = intern_find(&m->names, name, n);

	return id == UINT32_MAX ? NULL : &m->f[id];
}

const char *
nameattr_get(const struct nafunc *f, const char *name)
{
	uint32_t i;

	for (i = 0; i < f->n; i++)
		if (!strcmp(f->a[i].name, name))
			return f->a[i].value;
	return NULL;
}

void
nameattr_free(struct nameattrs *m)
{
	uint32_t i;

	for (i = 0; i < m->names.n; i++)
		free(m->f[i].a);
	free(m->f);
	intern_free(&m->names);
	arena_free(&m->arena);
}
