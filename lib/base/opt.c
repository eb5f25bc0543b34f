/* opt.c: --help, --version and keyword options */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/err.h"
#include "base/opt.h"

int
opt_choice(const char *arg, const char *what, const char *const names[])
{
	char list[1024];
	size_t n = 0, k;
	int i;

	for (i = 0; names[i]; i++)
		if (!strcmp(arg, names[i]))
			return i;
	list[0] = 0;
	for (k = 0; k < (size_t)i && n < sizeof(list); k++)
		n += snprintf(list + n, sizeof(list) - n, "%s%s",
		    !k ? "" : k + 1 < (size_t)i ? ", " : " or ", names[k]);
	usage_error("bad %s: '%s' (%s)", what, arg, list);
}

void
exit_stdout(void)
{
	if ((fflush(stdout) == EOF || ferror(stdout)) && errno != EPIPE)
		eprintf("write error: %s", strerror(errno));
	exit(0);	/* a closed pipe: the reader has what it wanted */
}

void
version(void)
{
	puts(FG_VERSION);
	exit_stdout();
}
