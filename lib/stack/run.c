/* run.c: stacks in time order, one line per run of identical ones */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "stack/run.h"
#include "stack/stackmap.h"

int
stackrun_add(struct stackrun *r, const char *s, size_t len, count c)
{
	if (r->live && r->len == len && !memcmp(r->s, s, len))
		return count_add(&r->c, c);
	stackrun_flush(r);
	r->s = egrowarray(r->s, &r->cap, len, 1);
	memcpy(r->s, s, len);
	r->len = len;
	r->c = c;
	r->live = 1;
	r->lines++;
	return 1;
}

void
stackrun_flush(struct stackrun *r)
{
	if (r->live)
		out_stackline(r->s, r->len, &r->c, 1);
	r->live = 0;
}

void
stackrun_free(struct stackrun *r)
{
	free(r->s);
	memset(r, 0, sizeof(*r));
}
