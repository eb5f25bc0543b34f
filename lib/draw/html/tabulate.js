/* tabulate.js: the function table's rows (m=table, table.js draws
 * them): a row a function, as fg-top counts it (--by frame: a name
 * with its annotation is a function of its own, the annotation in the
 * flags column): its own samples, and its total with recursion counted
 * once a stack; for differential input the other column's (the
 * baseline's; --negate: the target's) and the change.  Or a row a file
 * (tb=file), as fg-top --by file.  No DOM. */

/* The rows' keys: each name id's row, and the rows' names and flags;
 * by function (a name id a row) or, with byfile, by file as fg-top
 * --by file (a name without a file is its own row). */
function rowkeys(byfile) {
	var nn = NAMES.length, key = new Int32Array(nn), names = [], flags = [], at = new Map(), k, s;
	for (k = 0; k < nn; k++) {
		s = byfile ? fileof(NAMES[k]) || NAMES[k] : null;
		if (!byfile) { key[k] = k; names.push(NAMES[k]); flags.push(DATA.annot[k] || ""); continue; }
		if (!at.has(s)) { at.set(s, names.length); names.push(s); flags.push(""); }
		key[k] = at.get(s);
		if (DATA.annot[k] && flags[key[k]].indexOf(DATA.annot[k]) < 0)
			flags[key[k]] = (flags[key[k]] + DATA.annot[k]).split("").sort().join("");
	}
	return { key: key, names: names, flags: flags };
}

/* Per row (rowkeys): self, total (and their baselines) of view v. */
function tabulate(v, byfile) {
	var K = rowkeys(byfile), nn = K.names.length, self = new Float64Array(nn), total = new Float64Array(nn);
	var bself = v.b ? new Float64Array(nn) : null, btotal = v.b ? new Float64Array(nn) : null;
	var open = new Uint32Array(nn), seen = new Uint8Array(nn), st = new Int32Array(v.maxdepth + 2), sp = 0;
	var key = K.key, vf = v.f, end = v.end, vs = v.self, vw = v.w, i, f, top = v.rooted ? 1 : 0;
	var bs = v.ownb || v.bself;
	for (i = top; i < v.n; i++) {
		while (sp && end[st[sp - 1]] <= i) open[key[vf[st[--sp]]]]--;
		f = key[vf[i]];
		seen[f] = 1;
		self[f] += vs[i];
		if (bself) bself[f] += bs[i];
		if (!open[f]++) {
			total[f] += vw[i];
			if (btotal) btotal[f] += v.b[i];
		}
		st[sp++] = i;
	}
	/* the vanished stacks' functions: their baselines, counted once a
	 * stack (those of the frames in the tree are in its b already) */
	if (v.van) v.van.forEach(function (x) { vanrow(v, x, key, seen, bself, btotal); });
	var rows = [];
	for (f = 0; f < nn; f++) {
		if (!seen[f]) continue;
		rows.push({ id: f, name: K.names[f], flags: K.flags[f], self: self[f], total: total[f],
			bself: bself ? bself[f] : 0, btotal: btotal ? btotal[f] : 0 });
	}
	return rows;
}

/* Vanished stack x ([names, baseline]) of view v into the rows' seen,
 * bself and btotal (by key): its leaf's own, and the total of each
 * function of it below the deepest of its frames v has. */
function vanrow(v, x, key, seen, bself, btotal) {
	var s = x[0], j = deepest(v, s, 0).names, k, done = new Set();
	for (k = 0; k < j; k++) done.add(key[s[k]]);
	bself[key[s[s.length - 1]]] += x[1];
	for (; j < s.length; j++) {
		seen[key[s[j]]] = 1;
		if (!done.has(key[s[j]])) btotal[key[s[j]]] += x[1];
		done.add(key[s[j]]);
	}
}

/* The columns: a heading, the value of a row, and how it is shown. */
function columns(v) {
	var all = v.w[0], other = OTHER.charAt(0).toUpperCase() + OTHER.slice(1), c = [
		["Self", function (r) { return r.self; }, human],
		["Self %", function (r) { return r.self; }, function (x) { return pct(x, all); }],
		["Total", function (r) { return r.total; }, human],
		["Total %", function (r) { return r.total; }, function (x) { return pct(x, all); }]];
	if (v.b) c.push(
		[other + " self", function (r) { return r.bself; }, human],
		["\u0394 self", function (r) { return r.self - r.bself; }, signed(human)],
		["\u0394 self %", function (r) { return r.self - r.bself; }, signed(function (x) { return pct(x, all); })],
		[other + " total", function (r) { return r.btotal; }, human],
		["\u0394 total", function (r) { return r.total - r.btotal; }, signed(human)],
		["\u0394 total %", function (r) { return r.total - r.btotal; }, signed(function (x) { return pct(x, all); })]);
	c.push(["Flags", function (r) { return r.flags; }, String],
		[state.tfile ? "File" : "Function", function (r) { return r.name; }, String]);
	return c;
}
function signed(fmt) { return function (x) { return (x > 0 ? "+" : "") + fmt(x); }; }

