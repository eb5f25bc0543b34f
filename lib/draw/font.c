/* font.c: a font family list for a style sheet, inert */
#include <string.h>

#include "draw/font.h"
#include "base/escape.h"
#include "base/out.h"
#include "base/util.h"

static const char *const generic[] = {
	"serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui"
};

static int
is_generic(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < LEN(generic); i++)
		if (strlen(generic[i]) == n && !memcmp(s, generic[i], n))
			return 1;
	return 0;
}

static int
plain(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	    c == ' ' || c == '-' || c == '_';
}

/* One family as a CSS string: every character but the plain ones as
 * an escape "\HEX " (the space ends the escape). */
static void
family(const char *str, size_t n)
{
	uint32_t c;
	size_t i, k;

	out_char('"');
	for (i = 0; i < n; i += k) {
		if (!(k = utf8_decode(str + i, n - i, &c))) {
			k = 1;
			c = 0xfffd;
		}
		if (c < 0x80 && plain((unsigned char)c))
			out_char((char)c);
		else
			out_printf("\\%lx ", (unsigned long)c);
	}
	out_char('"');
}

void
out_css_fonts(const char *list)
{
	const char *s = list, *e;
	size_t n;
	int any = 0, sans = 0;

	for (;;) {
		e = strchr(s, ',');
		n = e ? (size_t)(e - s) : strlen(s);
		while (n && *s == ' ')
			s++, n--;
		while (n && s[n - 1] == ' ')
			n--;
		if (n) {
			if (any)
				out_str(", ");
			if (is_generic(s, n))
				out_mem(s, n);
			else
				family(s, n);
			sans |= n == 10 && !memcmp(s, "sans-serif", 10);
			any = 1;
		}
		if (!e)
			break;
		s = e + 1;
	}
	if (!sans)
		out_str(any ? ", sans-serif" : "sans-serif");
}
