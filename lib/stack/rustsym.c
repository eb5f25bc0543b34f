/* rustsym.c: Rust symbols left half demangled (see rustsym.h) */
#include <string.h>

#include "stack/rustsym.h"

/* the hash: 'h' and 16 hex digits */
#define HASHLEN 17

/* Rust's escapes in legacy symbols, and what each stands for */
static const struct {
	const char *esc, *text;
	size_t len;
} escapes[] = {
	{ "$SP$", "@", 4 }, { "$BP$", "*", 4 }, { "$RF$", "&", 4 }, { "$LT$", "<", 4 },
	{ "$GT$", ">", 4 }, { "$LP$", "(", 4 }, { "$RP$", ")", 4 }, { "$C$", ",", 3 },
	{ "$u7e$", "~", 5 }, { "$u20$", " ", 5 }, { "$u27$", "'", 5 }, { "$u3d$", "=", 5 },
	{ "$u5b$", "[", 5 }, { "$u5d$", "]", 5 }, { "$u7b$", "{", 5 }, { "$u7d$", "}", 5 },
	{ "$u3b$", ";", 5 }, { "$u2b$", "+", 5 }, { "$u21$", "!", 5 }, { "$u22$", "\"", 5 },
};

static int
hexdigit(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static int
hashed(const char *s, size_t n)
{
	size_t i;

	if (n < HASHLEN || s[n - HASHLEN] != 'h')
		return 0;
	for (i = n - HASHLEN + 1; i < n; i++)
		if (!hexdigit(s[i]))
			return 0;
	return 1;
}

/* The escape at s[0..n) (which starts with '$'): its length, its text
 * in *text; 0 when none is. */
static size_t
escape(const char *s, size_t n, const char **text)
{
	size_t i, k;

	for (i = 0; n > 2 && i < sizeof(escapes) / sizeof(escapes[0]); i++) {
		k = escapes[i].len;
		if (escapes[i].esc[1] == s[1] && escapes[i].esc[2] == s[2] && k <= n &&
		    !memcmp(s, escapes[i].esc, k)) {
			*text = escapes[i].text;
			return k;
		}
	}
	return 0;
}

int
rustsym_fix(const char *s, size_t n, struct bytes *out)
{
	const char *text;
	size_t i, k;

	if (!hashed(s, n))
		return 0;
	n -= HASHLEN;
	if (n >= 2 && s[n - 2] == ':' && s[n - 1] == ':')
		n -= 2;
	if (n >= 2 && s[0] == '_' && s[1] == '$') {
		s++;
		n--;
	}
	out->n = 0;
	for (i = 0; i < n; i += k) {
		if (s[i] == '.' && i + 1 < n && s[i + 1] == '.') {
			bytes_put(out, "::", 2);
			k = 2;
		} else if (s[i] == '$') {
			if (!(k = escape(s + i, n - i, &text))) {
				/* no escape Rust writes: the rest as it is */
				bytes_put(out, s + i, n - i);
				break;
			}
			bytes_put(out, text, 1);
		} else {
			for (k = 1; i + k < n && s[i + k] != '$' && s[i + k] != '.'; k++)
				;
			if (s[i] == '.')
				k = 1;
			bytes_put(out, s + i, k);
		}
	}
	return 1;
}
