/* lines.js: a function's lines, each with its own cost (flat: the
 * samples of the stacks that end on it) and its cost with callees
 * (cum: once a stack however often it recurs there), worked out of a
 * view's tree: the numbers fg-top --list gives of the same input
 * (report/list.c), for the source pane (source.js).  A frame
 * "NAME at FILE:LINE" counts toward its function, "NAME at FILE", and
 * that line; " [inlined]" is no part of either, a FILE without a line
 * number after its last ':' has no line.  No DOM: node runs it
 * (tests/lines.cjs). */

/* The parts of name s, as frame_parts (stack/frame.c) reads a label
 * (its annotations already apart): key "NAME at FILE", name, file,
 * line (-1: none); null for a name without " at ". */
export function lineparts(s) {
	var at, file, m, line = -1;
	if (s.slice(-10) === " [inlined]") s = s.slice(0, -10);
	if ((at = s.indexOf(" at ")) < 0) return null;
	file = s.slice(at + 4);
	if ((m = /:([0-9]{1,18})$/.exec(file))) {
		file = file.slice(0, m.index);
		line = +m[1];
	}
	return { key: s.slice(0, at + 4) + file, name: s.slice(0, at), file: file, line: line };
}

/* Every name's function and line, by page id (names: model.names):
 * { fn: each name's function index (-1: none), line: its line (-1),
 * fns: the functions' parts, by index }, made once for a page. */
export function lineindex(names) {
	var fn = new Int32Array(names.length), line = new Float64Array(names.length), fns = [],
		byk = new Map(), i, p, k;
	for (i = 0; i < names.length; i++) {
		fn[i] = -1;
		line[i] = -1;
		if (typeof names[i] !== "string" || !(p = lineparts(names[i]))) continue;
		if ((k = byk.get(p.key)) === undefined) {
			byk.set(p.key, k = fns.length);
			fns.push({ key: p.key, name: p.name, file: p.file });
		}
		fn[i] = k;
		line[i] = p.line;
	}
	return { fn: fn, line: line, fns: fns, byk: byk };
}

/* A row of numbers: flat and cum of the target (t) and the baseline
 * (b) */
function lnrow(line) { return { line: line, flat: 0, cum: 0, bflat: 0, bcum: 0 }; }

/*
 * The lines of function k (lineindex's ix) in view v (its fields f, w,
 * b, end; a differential's vanished stacks, v.van and v.ownb, as
 * views.js joins them: transform.js's withvan); negate: the view draws
 * the baseline (w), b is the target.  { fn: the function's parts,
 * total: its row, lines: the rows of the lines of any cost, by
 * number }; each row's flat and cum (the target's), and on a
 * differential view bflat and bcum, the baseline's.
 */
export function linesof(v, ix, k, negate) {
	var F = ix.fn, L = ix.line, tot = lnrow(-1), rows = new Map(), open = new Map(),
		st = [], stl = [], i, id, c, own, bown, r, ln, w = v.w, b = v.b;
	function rowof(line) {
		var x = rows.get(line);
		if (!x) rows.set(line, x = lnrow(line));
		return x;
	}
	/* flat and cum are the drawn column's here, bflat and bcum the
	 * other's; swapped at the end under negate */
	for (i = 0; i < v.n; i++) {
		while (st.length && v.end[st[st.length - 1]] <= i) {
			st.pop();
			ln = stl.pop();
			if (ln >= 0) open.set(ln, open.get(ln) - 1);
		}
		id = v.f[i];
		if (F[id] !== k) continue;
		own = w[i];
		bown = b ? b[i] : 0;
		for (c = i + 1; c < v.end[i]; c = v.end[c]) {
			own -= w[c];
			if (b) bown -= b[c];
		}
		/* the other column's own samples without the vanished stacks' */
		if (b && v.ownb) bown = v.ownb[i];
		tot.flat += own;
		tot.bflat += bown;
		if (!st.length) {
			tot.cum += w[i];
			if (b) tot.bcum += b[i];
		}
		ln = L[id];
		if (ln >= 0) {
			r = rowof(ln);
			r.flat += own;
			r.bflat += bown;
			if (!open.get(ln)) {
				r.cum += w[i];
				if (b) r.bcum += b[i];
			}
			open.set(ln, (open.get(ln) || 0) + 1);
		}
		st.push(i);
		stl.push(ln);
	}
	if (v.van) lnvanished(v, ix, k, tot, rowof);
	var lines = Array.from(rows.values()).filter(function (x) {
		return x.flat || x.cum || x.bflat || x.bcum;
	}).sort(function (x, y) { return x.line - y.line; });
	if (b && negate) lines.concat([tot]).forEach(lnswap);
	return { fn: ix.fns[k], total: tot, lines: lines };
}
function lnswap(r) {
	var f = r.flat, c = r.cum;
	r.flat = r.bflat;
	r.cum = r.bcum;
	r.bflat = f;
	r.bcum = c;
}

/* The vanished stacks of differential view v (v.van: [path of ids,
 * samples], of the column not drawn, whose tree already holds them
 * up to their deepest frame in it: the frames of the path past it) as
 * linesof counts them, into tot and the rows. */
function lnvanished(v, ix, k, tot, rowof) {
	var F = ix.fn, L = ix.line, j, p, c, d, seen, ln, at, x, e;
	for (j = 0; j < v.van.length; j++) {
		p = v.van[j][0];
		c = v.van[j][1];
		/* the path's frames found in the tree: counted there */
		seen = new Set();
		at = v.rooted ? 0 : -1;
		for (d = 0; d < p.length; d++) {
			e = at < 0 ? v.n : v.end[at];
			for (x = at + 1; x < e && v.f[x] !== p[d]; x = v.end[x])
				;
			if (x >= e) break;
			at = x;
			if (F[p[d]] === k) {
				seen.add("fn");
				if (L[p[d]] >= 0) seen.add(L[p[d]]);
			}
		}
		/* a leaf in the tree: its own samples there are without c */
		if (d === p.length && F[p[d - 1]] === k) {
			tot.bflat += c;
			if (L[p[d - 1]] >= 0) rowof(L[p[d - 1]]).bflat += c;
		}
		for (; d < p.length; d++) {
			if (F[p[d]] !== k) continue;
			ln = L[p[d]];
			if (!seen.has("fn")) { seen.add("fn"); tot.bcum += c; }
			if (d === p.length - 1) tot.bflat += c;
			if (ln < 0) continue;
			if (!seen.has(ln)) { seen.add(ln); rowof(ln).bcum += c; }
			if (d === p.length - 1) rowof(ln).bflat += c;
		}
	}
}
