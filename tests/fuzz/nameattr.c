/*
 * Fuzzing harness for the --nameattr reader (lib/draw/nameattr.c): the
 * input's lines are read as a file's, then what was kept is checked:
 * every attribute name is from the allowed list (or data-*, aria-* of
 * lower-case letters, digits and dashes), and no href has a scheme
 * that runs script.
 */
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "draw/nameattr.h"
#include "base/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* static: they keep their values across the longjmp of an error */
static struct nameattrs m;
static jmp_buf jb;

static const char *names[] = {
	"id", "class", "stroke", "stroke-width", "stroke-opacity", "stroke-dasharray",
	"stroke-linecap", "stroke-linejoin", "fill-opacity", "opacity", "cursor", "target",
	"rel", "hreflang", "type", "referrerpolicy", "download",
};

static void
check_name(const char *s)
{
	size_t i;

	for (i = 0; i < LEN(names); i++)
		if (!strcmp(s, names[i]))
			return;
	if (strncmp(s, "data-", 5) && strncmp(s, "aria-", 5))
		abort();
	if (strspn(s + 5, "abcdefghijklmnopqrstuvwxyz0123456789-") != strlen(s + 5) || !s[5])
		abort();
}

/* The href's scheme, lower case with tabs and line breaks dropped,
 * after leading controls and spaces. */
static void
check_href(const char *s)
{
	char buf[16];
	size_t k = 0;

	while (*s && (unsigned char)*s <= ' ')
		s++;
	for (; *s && k < sizeof(buf) - 1; s++) {
		if (*s == '\t' || *s == '\n' || *s == '\r')
			continue;
		buf[k++] = *s >= 'A' && *s <= 'Z' ? *s - 'A' + 'a' : *s;
		if (*s == ':')
			break;
	}
	buf[k] = 0;
	if (!strcmp(buf, "javascript:") || !strcmp(buf, "vbscript:") || !strcmp(buf, "data:"))
		abort();
}

static void
read_lines(const char *s, size_t size)
{
	const char *end = s + size, *nl;

	for (; s < end; s = nl + 1) {
		if (!(nl = memchr(s, '\n', end - s)))
			nl = end;
		nameattr_line(&m, "fuzz", s, nl - s);
		if (nl == end)
			break;
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint32_t i, k;

	nameattr_init(&m);
	error_jmp = &jb;
	if (setjmp(jb) == 0) {
		read_lines((const char *)data, size);
		for (i = 0; i < m.names.n; i++) {
			if (m.f[i].href)
				check_href(m.f[i].href);
			for (k = 0; k < m.f[i].n; k++)
				check_name(m.f[i].a[k].name);
		}
	}
	error_jmp = NULL;
	nameattr_free(&m);
	return 0;
}
