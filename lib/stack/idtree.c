/* idtree.c: stacks of frame ids as a tree (see idtree.h) */
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "base/util.h"
#include "stack/idtree.h"

void
idtree_init(struct idtree *t)
{
	memset(t, 0, sizeof(*t));
	t->node = egrowarray(NULL, &t->cap, 1, sizeof(*t->node));
	memset(&t->node[0], 0, sizeof(t->node[0]));
	t->n = 1;
	htab_init(&t->tab, 0);
}

uint32_t
idtree_child(struct idtree *t, uint32_t parent, uint32_t frame)
{
	struct hprobe p;
	struct idnode *v;
	uint32_t k;

	htab_probe(&t->tab, &p, hash_mix((uint64_t)parent << 32 | frame));
	while ((k = htab_next(&t->tab, &p)) != HTAB_NONE)
		if (t->node[k].parent == parent && t->node[k].frame == frame)
			return k;
	if (t->n >= UINT32_MAX)
		eprintf("too many stacks");
	t->node = egrowarray(t->node, &t->cap, t->n + 1, sizeof(*t->node));
	v = &t->node[t->n];
	memset(v, 0, sizeof(*v));
	v->parent = parent;
	v->frame = frame;
	htab_put(&t->tab, &p, (uint32_t)t->n);
	return (uint32_t)t->n++;
}

int
idtree_emit(const struct idtree *t, struct stackbuild *b, idtree_label *label, void *arg)
{
	uint32_t *path = NULL, v;
	size_t cap = 0, np, k, base = sb_len(b), len;
	const char *s;
	int ok = 1;

	for (k = 1; k < t->n && ok; k++) {
		if (count_iszero(t->node[k].c))
			continue;
		np = 0;
		for (v = (uint32_t)k; v != IDTREE_ROOT; v = t->node[v].parent) {
			path = egrowarray(path, &cap, np + 1, sizeof(*path));
			path[np++] = t->node[v].frame;
		}
		sb_cut(b, base);
		while (np--) {
			s = label(arg, path[np], &len);
			sb_frame(b, s, len);
		}
		ok = sb_add(b, t->node[k].c);
	}
	sb_cut(b, base);
	free(path);
	return ok;
}

void
idtree_free(struct idtree *t)
{
	free(t->node);
	htab_free(&t->tab);
	memset(t, 0, sizeof(*t));
}
