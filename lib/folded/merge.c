/* merge.c: a k-way merge of sorted folded inputs */
#include <stdlib.h>
#include <string.h>

#include "folded/merge.h"
#include "stack/stackmap.h"
#include "base/util.h"

/* Step input i to its next data line, handing out comments on the way. */
static int
advance(struct fmerge *m, int i)
{
	struct fmerge_in *h = &m->in[i];

	while ((h->live = fr_next(&h->r, &h->l))) {
		if (h->l.ncounts) {
			if (m->line)
				m->line(h, i, m->arg);
			return 1;
		}
		if (m->comment)
			m->comment(h, m->arg);
	}
	return 0;
}

static int
less(struct fmerge *m, int a, int b)
{
	const struct fline *x = &m->in[a].l, *y = &m->in[b].l;

	return stack_cmp(x->stack, x->len, y->stack, y->len) < 0;
}

static void
sift_down(struct fmerge *m, int i)
{
	int *heap = m->heap, c, t;

	while ((c = 2 * i + 1) < m->nheap) {
		if (c + 1 < m->nheap && less(m, heap[c + 1], heap[c]))
			c++;
		if (!less(m, heap[c], heap[i]))
			break;
		t = heap[c], heap[c] = heap[i], heap[i] = t;
		i = c;
	}
}

/* Each input's reads when more than two are merged at once (see
 * lines_readsize): the pages of their buffers are reused, not fresh. */
#define MERGE_READSIZE (64 << 10)

void
fmerge_open(struct fmerge *m, int n, char **paths, const int *col)
{
	int i;

	memset(m, 0, sizeof(*m));
	m->n = n;
	m->in = ecalloc(n, sizeof(*m->in));
	m->heap = ecalloc(n, sizeof(*m->heap));
	for (i = 0; i < n; i++) {
		fr_open(&m->in[i].r, paths ? paths[i] : NULL, &m->rules);
		if (n > 2)
			lines_readsize(&m->in[i].r.in, MERGE_READSIZE);
		m->in[i].col = col ? col[i] : 0;
	}
}

/* Add input i's line to sums. */
static void
add(struct fmerge *m, int i, count *sum)
{
	struct fmerge_in *h = &m->in[i];
	int k;

	for (k = 0; k < h->l.ncounts && h->col + k < 2; k++)
		if (!count_add(&sum[h->col + k], h->l.c[k]))
			fr_error(&h->r, "sum of counts overflows");
}

int
fmerge_run(struct fmerge *m)
{
	struct fmerge_in *h;
	const char *cur;
	count sum[2];
	size_t len;
	int i, top, back = -1;

	for (i = 0; i < m->n; i++) {
		if (advance(m, i))
			m->heap[m->nheap++] = i;
	}
	for (i = m->nheap / 2 - 1; i >= 0; i--)
		sift_down(m, i);
	while (m->nheap && back < 0) {
		h = &m->in[m->heap[0]];
		len = h->l.len;
		if (len + 1 > m->curcap) {
			m->curcap = 2 * len + 1;
			m->cur = erealloc(m->cur, m->curcap);
		}
		cur = memcpy(m->cur, h->l.stack, len);
		memset(sum, 0, sizeof(sum));
		while (m->nheap) {
			top = m->heap[0];
			h = &m->in[top];
			if (stack_cmp(h->l.stack, h->l.len, cur, len))
				break;
			add(m, top, sum);
			if (!advance(m, top)) {
				m->heap[0] = m->heap[--m->nheap];
			} else if (stack_cmp(h->l.stack, h->l.len, cur, len) < 0) {
				back = top;
				break;
			}
			sift_down(m, 0);
		}
		m->stack(cur, len, sum, m->ncols ? m->ncols : m->rules.ncounts, m->arg);
	}
	return back;
}

void
fmerge_close(struct fmerge *m)
{
	int i;

	for (i = 0; i < m->n; i++)
		fr_close(&m->in[i].r);
	free(m->in);
	free(m->heap);
	free(m->cur);
	memset(m, 0, sizeof(*m));
}
