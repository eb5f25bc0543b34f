/* label.c: "NAME at FILE:LINE" frame labels (see label.h) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "stack/frame.h"
#include "stack/label.h"

static void
put(struct labelbuf *lb, const char *s, size_t n)
{
	if (n > SIZE_MAX / 2 - lb->len)
		eprintf("out of memory");
	lb->s = egrowarray(lb->s, &lb->cap, lb->len + n + 1, 1);
	memcpy(lb->s + lb->len, s, n);
	lb->len += n;
	lb->s[lb->len] = 0;
}

/* a path's separator: '/', or a backslash (a path written on Windows) */
static int
separator(char c)
{
	return c == '/' || c == '\\';
}

const char *
label_base(const char *file, size_t flen)
{
	const char *base = file + flen;

	while (base > file && !separator(base[-1]))
		base--;
	return base;
}

int
label_endsin(const char *file, size_t flen, const char *tail, size_t tlen)
{
	if (flen < tlen || memcmp(file + flen - tlen, tail, tlen))
		return 0;
	return flen == tlen || separator(file[flen - tlen - 1]);
}

/* Go method names look like "net/http.(*Client).Do": /\.\(.*\)\./ */
static int
go_method(const char *s, size_t n)
{
	const char *open = memmem(s, n, ".(", 2);

	return open && memmem(open + 2, n - (size_t)(open + 2 - s), ").", 2);
}

size_t
label_noargs(const char *f, size_t n)
{
	static const char anon[] = "anonymous namespace)";
	const char *p, *end;

	if (!n || !(p = memchr(f, '(', n)) || go_method(f, n))
		return n;
	end = f + n;
	for (; p; p = memchr(p + 1, '(', (size_t)(end - p - 1)))
		if (!((size_t)(end - p - 1) >= sizeof(anon) - 1 &&
		    !memcmp(p + 1, anon, sizeof(anon) - 1)))
			return (size_t)(p - f);
	return n;
}

void
label_make(struct labelbuf *lb, const char *name, size_t nlen, const char *file,
    size_t flen, int64_t line, int full, const char *suffix)
{
	const char *base;
	char num[32];
	size_t i;

	lb->len = 0;
	if (nlen)
		put(lb, name, nlen);
	else
		put(lb, "(anonymous)", 11);
	if (flen) {
		base = full ? file : label_base(file, flen);
		if (base < file + flen) {
			put(lb, " at ", 4);
			put(lb, base, (size_t)(file + flen - base));
			if (line > 0)
				put(lb, num, (size_t)snprintf(num, sizeof(num), ":%lld", (long long)line));
		}
	}
	if (suffix)
		put(lb, suffix, strlen(suffix));
	for (i = 0; i < lb->len; i++)
		if ((unsigned char)lb->s[i] < 0x20)
			lb->s[i] = ' ';
	/* room for the '_' of a bare "#" and the NUL */
	lb->s = egrowarray(lb->s, &lb->cap, lb->len + 2, 1);
	lb->len = frame_clean(lb->s, lb->len);
	lb->s[lb->len] = 0;
}

void
label_free(struct labelbuf *lb)
{
	free(lb->s);
	lb->s = NULL;
	lb->len = lb->cap = 0;
}
