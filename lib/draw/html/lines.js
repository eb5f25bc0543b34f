/* lines.js: a function's lines, each with its own cost (flat: the
 * stacks that end on it) and its cost with callees (cum: once a stack
 * however often it recurs there), out of a view's tree: fg-top
 * --list's numbers of the same input (report/list.c), for the source
 * pane (source.js).  No DOM. */

/* Every name's function ("NAME at FILE", as stack/frame.c's
 * frame_parts reads a label without its annotation: " [inlined]" and
 * the line number after the last ':' no part of it) and line (-1:
 * none), by page id: { fn: its function's index (-1: none), line,
 * fns: each function's { key, name, file } }. */
export function lineindex(names) {
	var fn = new Int32Array(names.length).fill(-1), line = new Float64Array(names.length).fill(-1),
		fns = [], by = new Map(), i, s, a, f, m;
	for (i = 0; i < names.length; i++) {
		s = String(names[i]).replace(/ \[inlined\]$/, "");
		if ((a = s.indexOf(" at ")) < 0) continue;
		f = s.slice(a + 4);
		if ((m = /:([0-9]{1,18})$/.exec(f))) {
			f = f.slice(0, m.index);
			line[i] = +m[1];
		}
		if (!by.has(s = s.slice(0, a + 4) + f)) {
			by.set(s, fns.length);
			fns.push({ key: s, name: s.slice(0, a), file: f });
		}
		fn[i] = by.get(s);
	}
	return { fn: fn, line: line, fns: fns };
}

/*
 * Function k's lines (lineindex's ix) in view v (fields f, w, b, end;
 * a differential's vanished stacks v.van with v.ownb, its own samples
 * of b without them: transform.js's withvan); neg: w is the baseline,
 * b the target.  { fn, total: the function's row, lines: the rows of
 * any cost by number }, a row { line, flat, cum, bflat, bcum }: the
 * target's, and the baseline's.
 */
export function linesof(v, ix, k, neg) {
	var F = ix.fn, L = ix.line, rows = new Map(), open = new Map(), st = [], tot = [0, 0, 0, 0],
		w = v.w, b = v.b, i, c, o, ln, x, j, p, d, seen, at, e, out;
	/* x: [flat, cum] of the drawn column, of the other, counted in */
	function add(ln, cum, own, bown, wi, bi) {
		var r = ln < 0 ? tot : rows.get(ln) || (rows.set(ln, [0, 0, 0, 0]), rows.get(ln));
		r[0] += own;
		r[2] += bown;
		if (cum) {
			r[1] += wi;
			r[3] += bi;
		}
	}
	for (i = 0; i < v.n; i++) {
		while (st.length && v.end[st[st.length - 1][0]] <= i) open.set(ln = st.pop()[1], open.get(ln) - 1);
		if (F[v.f[i]] !== k) continue;
		o = [w[i], b ? b[i] : 0];
		for (c = i + 1; c < v.end[i]; c = v.end[c]) {
			o[0] -= w[c];
			if (b) o[1] -= b[c];
		}
		if (b && v.ownb) o[1] = v.ownb[i];
		add(-1, !st.length, o[0], o[1], w[i], b ? b[i] : 0);
		if ((ln = L[v.f[i]]) >= 0) add(ln, !open.get(ln), o[0], o[1], w[i], b ? b[i] : 0);
		open.set(ln, (open.get(ln) || 0) + 1);
		st.push([i, ln]);
	}
	/* a vanished stack is in the tree down to its deepest frame there:
	 * its frames past it counted here, its leaf's own samples too */
	for (j = 0; v.van && j < v.van.length; j++) {
		p = v.van[j][0];
		c = v.van[j][1];
		seen = new Set();
		for (at = v.rooted ? 0 : -1, d = 0; d < p.length; d++, at = x) {
			for (e = at < 0 ? v.n : v.end[at], x = at + 1; x < e && v.f[x] !== p[d]; x = v.end[x])
				;
			if (x >= e) break;
			if (F[p[d]] === k) seen.add(-1).add(L[p[d]]);
		}
		for (x = 0; x < p.length; x++) {
			if (F[p[x]] !== k) continue;
			o = x === p.length - 1 ? c : 0;
			ln = L[p[x]];
			if (x >= d || o) add(-1, x >= d && !seen.has(-1), 0, o, 0, c);
			if (ln >= 0 && (x >= d || o)) add(ln, x >= d && !seen.has(ln), 0, o, 0, c);
			if (x >= d) seen.add(-1).add(ln);
		}
	}
	out = function (ln, x) {
		var t = neg && b ? [x[2], x[3], x[0], x[1]] : x;
		return { line: ln, flat: t[0], cum: t[1], bflat: t[2], bcum: t[3] };
	};
	return { fn: ix.fns[k], total: out(-1, tot),
		lines: Array.from(rows).filter(function (r) { return r[1].some(Boolean); })
			.sort(function (r, s) { return r[0] - s[0]; }).map(function (r) { return out(r[0], r[1]); }) };
}
