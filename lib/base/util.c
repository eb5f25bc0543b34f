/* util.c: has_suffix, has_prefix and displayname; the rest of util.h has files of its own */
#include <string.h>

#include "base/util.h"

int
has_suffix(const char *s, size_t n, const char *suffix)
{
	size_t k = strlen(suffix);

	return n >= k && !memcmp(s + n - k, suffix, k);
}

int
has_prefix(const char *s, size_t n, const char *prefix)
{
	size_t k = strlen(prefix);

	return n >= k && !memcmp(s, prefix, k);
}

const char *
displayname(const char *path)
{
	return (!path || !strcmp(path, "-")) ? "<stdin>" : path;
}
