/* regex.js: the viewers' regular expressions, in fg's dialect and time
 *
 * The search box, s= and the page's grep: and file: match names as
 * fg-filter -e does, with this port of lib/base/regex.c: glibc's ERE in
 * the C locale with GNU's \w \W \s \S \b \B \< \> \` \', no
 * back-references or other escaped letters ("\d"), at most RX_MAXINST
 * instructions and RX_MAXREP copies of an atom (RE2's bound, nested
 * bounds multiplied): the same patterns, messages and matches
 * (tests/regex-js.bats runs both on the fuzz corpus).  Patterns and
 * names are read as UTF-8 bytes: "." is one byte, a case ignored an
 * ASCII letter's.  A name costs time linear in its length whatever the
 * pattern: a lazy DFA over a Thompson NFA, its states cached up to a
 * bound, run as the NFA while they do not pay; a byte is one step, of
 * at most the program's instructions.  A name too short for a match,
 * or without the longest ASCII run of the literal every match holds,
 * is no match at once.  No browser RegExp runs a user's pattern.
 * Declarations only, no DOM: joined into both viewers' scripts (SVGJS,
 * HTMLJS) before viewer.js, which compiles with rxcompile. */

var RX_ICASE = 1, RX_NEWLINE = 2, RX_MAXINST = 65536, RX_MAXREP = 1000;
var RX_TOOBIG = "too big: over 65536 instructions, each {M,N} counting N copies of what it repeats";
var RX_TOOMANY = "too big: over 1000 copies, each {M,N} making N, nested ones multiplied";
/* node types; assertions (\b is \< or \>); instructions; the class of
 * the byte before a position */
var RXN_EMPTY = 0, RXN_SET = 1, RXN_ASSERT = 2, RXN_CAT = 3, RXN_ALT = 4, RXN_REP = 5;
var RXA_BOL = 0, RXA_EOL = 1, RXA_BUFBEG = 2, RXA_BUFEND = 3, RXA_WBEG = 4, RXA_WEND = 5, RXA_NOTWORDB = 6;
var RXI_SET = 0, RXI_SPLIT = 1, RXI_JMP = 2, RXI_ASSERT = 3, RXI_MATCH = 4;
var RXP_BEGIN = 0, RXP_NEWLINE = 1, RXP_WORD = 2, RXP_OTHER = 3;
var RX_DUPMAX = 0x7fff, RX_NESTMAX = 1000, RX_CACHEMAX = 1 << 21;

/* The C locale's character classes, of a byte */
function rxdigit(c) { return c >= 48 && c <= 57; }
function rxupper(c) { return c >= 65 && c <= 90; }
function rxlower(c) { return c >= 97 && c <= 122; }
function rxalpha(c) { return rxupper(c) || rxlower(c); }
function rxalnum(c) { return rxalpha(c) || rxdigit(c); }
function rxgraph(c) { return c > 32 && c < 127; }
var RX_CLASSES = {
	alpha: rxalpha, upper: rxupper, lower: rxlower, digit: rxdigit, alnum: rxalnum, graph: rxgraph,
	xdigit: function (c) { return rxdigit(c) || (c | 32) >= 97 && (c | 32) <= 102; },
	space: function (c) { return c === 32 || c >= 9 && c <= 13; },
	print: function (c) { return c >= 32 && c < 127; },
	punct: function (c) { return rxgraph(c) && !rxalnum(c); },
	cntrl: function (c) { return c < 32 || c === 127; },
	blank: function (c) { return c === 32 || c === 9; }
};
function rxword(c) { return rxalnum(c) || c === 95; }
function rxtoupper(c) { return rxlower(c) ? c - 32 : c; }

/* s's UTF-8 bytes into buf (grown as needed), a lone surrogate as
 * U+FFFD: {buf, n} */
function rxutf8(s, buf) {
	var n = 0, i, c, d;
	if (!buf || buf.length < 3 * s.length) buf = new Uint8Array(3 * s.length + 16);
	for (i = 0; i < s.length; i++) {
		c = s.charCodeAt(i);
		if (c < 0x80) { buf[n++] = c; continue; }
		if (c < 0x800) { buf[n++] = 0xc0 | c >> 6; buf[n++] = 0x80 | c & 63; continue; }
		if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length &&
		    (d = s.charCodeAt(i + 1)) >= 0xdc00 && d < 0xe000) {
			c = 0x10000 + (c - 0xd800 << 10) + (d - 0xdc00);
			i++;
			buf[n++] = 0xf0 | c >> 18; buf[n++] = 0x80 | c >> 12 & 63;
			buf[n++] = 0x80 | c >> 6 & 63; buf[n++] = 0x80 | c & 63;
			continue;
		}
		if (c >= 0xd800 && c < 0xe000) c = 0xfffd;
		buf[n++] = 0xe0 | c >> 12; buf[n++] = 0x80 | c >> 6 & 63; buf[n++] = 0x80 | c & 63;
	}
	return { buf: buf, n: n };
}

function rxset_add(s, c) { s[c >> 3] |= 1 << (c & 7); }
function rxset_has(s, c) { return s[c >> 3] >> (c & 7) & 1; }

/* The parser: P.b the pattern's bytes and a 0, P.p where it is */
function rxfail(P, err) { throw { rxerror: err }; }
function rxnode(P, type, arg) {
	P.n.push({ type: type, arg: arg, max: 0, kid: -1, next: -1, height: 0, copies: 1, size: -1 });
	return P.n.length - 1;
}
function rxnewset(P) { P.sets.push(new Uint8Array(32)); return P.sets.length - 1; }
/* A set done: under RX_ICASE a byte is matched as its upper case */
function rxset_node(P, id) {
	var s = P.sets[id], c;
	for (c = 97; P.icase && c <= 122; c++) {
		s[c >> 3] &= ~(1 << (c & 7));
		if (rxset_has(s, c - 32)) rxset_add(s, c);
	}
	return rxnode(P, RXN_SET, id);
}
function rxchar_node(P, c) {
	var id = rxnewset(P);
	rxset_add(P.sets[id], P.icase ? rxtoupper(c) : c);
	return rxset_node(P, id);
}
function rxadd_class(P, s, name) {
	var is, c;
	if (P.icase && (name === "upper" || name === "lower")) name = "alpha";
	if (!Object.prototype.hasOwnProperty.call(RX_CLASSES, name)) rxfail(P, "invalid character class name");
	for (is = RX_CLASSES[name], c = 0; c < 256; c++) if (is(c)) rxset_add(s, c);
}
/* '.': any byte but NUL, and but newline under RX_NEWLINE */
function rxdot(P) {
	var id = rxnewset(P), s = P.sets[id];
	s.fill(255);
	s[0] &= ~1;
	if (P.newline) s[1] &= ~(1 << 2);
	return rxnode(P, RXN_SET, id);
}
/* \w \W \s \S */
function rxclass_node(P, name, negate) {
	var id = rxnewset(P), s = P.sets[id], c;
	rxadd_class(P, s, name);
	if (name === "alnum") rxset_add(s, 95);
	if (negate) for (c = 0; c < 32; c++) s[c] = ~s[c];
	return rxset_node(P, id);
}
/* One element of a bracket expression: [E_CHAR or E_SYM, byte], or
 * [E_CLASS] for a class or equivalence class, added to s at once */
var RXE_CHAR = 0, RXE_SYM = 1, RXE_CLASS = 2;
function rxbracket_elem(P, s, first) {
	var b = P.b, delim, name = "", i, c;
	if (!b[P.p]) rxfail(P, "unmatched [");
	if (b[P.p] === 91 && (b[P.p + 1] === 46 || b[P.p + 1] === 61 || b[P.p + 1] === 58)) {
		delim = b[P.p + 1];
		P.p += 2;
		for (i = 0;; i++) {
			if (i >= 32 || !b[P.p] || !b[P.p + 1]) rxfail(P, "unmatched [");
			if (b[P.p] === delim && b[P.p + 1] === 93) break;
			name += String.fromCharCode(b[P.p++]);
		}
		P.p += 2;
		if (delim === 58) { rxadd_class(P, s, name); return [RXE_CLASS]; }
		if (name.length !== 1) rxfail(P, "invalid collation character");
		c = name.charCodeAt(0);
		if (P.icase) c = rxtoupper(c);
		if (delim === 61) { rxset_add(s, c); return [RXE_CLASS]; }
		return [RXE_SYM, c];
	}
	if (b[P.p] === 45 && !first && b[P.p + 1] !== 93) rxfail(P, "invalid range end");
	c = b[P.p++];
	return [RXE_CHAR, P.icase ? rxtoupper(c) : c];
}
/* A bracket expression; P.p is past the '[' */
function rxbracket(P) {
	var id = rxnewset(P), s = P.sets[id], b = P.b, negate = false, first = true, e, hi, c;
	if (b[P.p] === 94) { negate = true; P.p++; }
	for (;;) {
		if (b[P.p] === 93 && !first) break;
		e = rxbracket_elem(P, s, first);
		first = false;
		if (!b[P.p]) rxfail(P, "unmatched [");
		if (e[0] !== RXE_CLASS && b[P.p] === 45 && b[P.p + 1] !== 93) {
			P.p++;
			if (!b[P.p]) rxfail(P, "unmatched [");
			hi = rxbracket_elem(P, s, true);
			if (hi[0] === RXE_CLASS || e[1] > hi[1]) rxfail(P, "invalid range end");
			for (c = e[1]; c <= hi[1]; c++) rxset_add(s, c);
		} else if (e[0] !== RXE_CLASS) {
			rxset_add(s, e[1]);
		}
		if (!b[P.p]) rxfail(P, "unmatched [");
	}
	P.p++;
	if (negate) {
		if (P.newline) rxset_add(s, 10);
		for (c = 0; c < 32; c++) s[c] = ~s[c];
	}
	return rxset_node(P, id);
}
/* Parent holds kid's copies (of one atom, nested bounds multiplied) */
function rxholds_copies(P, parent, kid) {
	if (P.n[parent].copies < P.n[kid].copies) P.n[parent].copies = P.n[kid].copies;
}
/* Make parent a node of height above kid's; too deep is refused */
function rxabove(P, parent, kid) {
	rxholds_copies(P, parent, kid);
	if (P.n[parent].height <= P.n[kid].height) P.n[parent].height = P.n[kid].height + 1;
	if (P.n[parent].height > RX_NESTMAX) rxfail(P, "regular expression nested too deeply");
}
/* A repetition of kid: its copies kid's times N of {M,N} (M of {M,}) */
function rxrep(P, kid, min, max) {
	var r = rxnode(P, RXN_REP, min), m = max < 0 ? min : max;
	P.n[r].max = max;
	P.n[r].kid = kid;
	rxabove(P, r, kid);
	P.n[r].copies = Math.min(P.n[kid].copies * Math.max(m, 1), RX_MAXREP + 1);
	P.copies = Math.max(P.copies, P.n[r].copies);
	return r;
}
/* A number of a bound, up to ',' or '}' (consumed, o.comma which): -1
 * none, -2 a bad one; "\," is a comma and "\0" a digit, as in glibc */
function rxbound_number(P, o) {
	var b = P.b, n = -1, c, esc;
	for (;;) {
		if (!b[P.p]) rxfail(P, "unmatched {");
		esc = b[P.p] === 92 && b[P.p + 1] ? 1 : 0;
		c = b[P.p + esc];
		P.p += 1 + esc;
		if (c === 44 || (c === 125 && !esc)) { o.comma = c === 44; return n; }
		if ((esc && c !== 48) || c < 48 || c > 57 || n === -2) n = -2;
		else if (n < 0) n = c - 48;
		else n = Math.min(n * 10 + c - 48, RX_DUPMAX + 1);
	}
}
/* "{M}", "{M,}", "{,N}" or "{M,N}" after atom; P.p is past the '{' */
function rxinterval(P, atom) {
	var o = { comma: false }, min, max;
	min = rxbound_number(P, o);
	if (min === -1 && !o.comma) rxfail(P, "invalid content of {}");
	if (min === -1) min = 0;
	max = min;
	if (min !== -2 && o.comma) max = rxbound_number(P, o);
	if (min === -2 || max === -2 || o.comma || (max !== -1 && min > max)) rxfail(P, "invalid content of {}");
	if ((max === -1 ? min : max) > RX_DUPMAX) rxfail(P, "regular expression too big");
	return rxrep(P, atom, min, max);
}
function rxescape(P) {
	var c = P.b[P.p++], r, k;
	switch (c) {
	case 0: P.p--; rxfail(P, "trailing backslash"); break;
	case 119: return rxclass_node(P, "alnum", false);	/* \w */
	case 87: return rxclass_node(P, "alnum", true);
	case 115: return rxclass_node(P, "space", false);	/* \s */
	case 83: return rxclass_node(P, "space", true);
	case 96: return rxnode(P, RXN_ASSERT, RXA_BUFBEG);	/* \` */
	case 39: return rxnode(P, RXN_ASSERT, RXA_BUFEND);	/* \' */
	case 60: return rxnode(P, RXN_ASSERT, RXA_WBEG);	/* \< */
	case 62: return rxnode(P, RXN_ASSERT, RXA_WEND);	/* \> */
	case 66: return rxnode(P, RXN_ASSERT, RXA_NOTWORDB);	/* \B */
	case 98:	/* \b */
		r = rxnode(P, RXN_ALT, 0);
		k = rxnode(P, RXN_ASSERT, RXA_WBEG);
		P.n[r].kid = k;
		P.n[k].next = rxnode(P, RXN_ASSERT, RXA_WEND);
		P.n[r].height = 1;
		return r;
	}
	if (c >= 49 && c <= 57) rxfail(P, "back-references are not supported");
	if (rxalpha(c))
		rxfail(P, "an escaped letter other than \\w \\W \\s \\S \\b \\B is no operator (a digit is [0-9])");
	return rxchar_node(P, c);
}
/* An atom; o.anchor is set for an assertion, which nothing may repeat */
function rxatom(P, o) {
	var c = P.b[P.p++], r;
	o.anchor = false;
	switch (c) {
	case 42: case 43: case 63: case 123: rxfail(P, "repetition with nothing before it"); break;
	case 94: o.anchor = true; return rxnode(P, RXN_ASSERT, RXA_BOL);
	case 36: o.anchor = true; return rxnode(P, RXN_ASSERT, RXA_EOL);
	case 46: return rxdot(P);
	case 91: return rxbracket(P);
	case 92:
		r = rxescape(P);
		o.anchor = P.n[r].type === RXN_ASSERT || P.n[r].type === RXN_ALT;
		return r;
	case 40:
		if (++P.depth > RX_NESTMAX) rxfail(P, "regular expression nested too deeply");
		r = rxalternation(P);
		if (P.b[P.p] !== 41) rxfail(P, "unmatched (");
		P.p++;
		P.depth--;
		return r;
	}
	return rxchar_node(P, c);
}
/* An atom and the *, +, ? and {M,N} after it */
function rxpiece(P) {
	var o = {}, r = rxatom(P, o), c;
	if (o.anchor) return r;
	while ((c = P.b[P.p]) === 42 || c === 43 || c === 63 || c === 123) {
		P.p++;
		r = c === 123 ? rxinterval(P, r) : rxrep(P, r, c === 43 ? 1 : 0, c === 63 ? 1 : -1);
	}
	return r;
}
/* Pieces up to '|', the end, or a ')' that closes a group; a piece of
 * no instructions ("()") is left out, as regex.c does */
function rxbranch(P) {
	var r = rxnode(P, RXN_CAT, 0), last = -1, k, b = P.b;
	while (b[P.p] && b[P.p] !== 124 && !(b[P.p] === 41 && P.depth)) {
		k = rxpiece(P);
		if (!rxsize(P.n, k)) { rxholds_copies(P, r, k); continue; }
		rxabove(P, r, k);
		if (last < 0) P.n[r].kid = k;
		else P.n[last].next = k;
		last = k;
	}
	if (last < 0) P.n[r].type = RXN_EMPTY;
	return r;
}
function rxalternation(P) {
	var r = rxnode(P, RXN_ALT, 0), last = rxbranch(P), k;
	P.n[r].kid = last;
	rxabove(P, r, last);
	while (P.b[P.p] === 124) {
		P.p++;
		k = rxbranch(P);
		rxabove(P, r, k);
		P.n[last].next = k;
		last = k;
	}
	return r;
}

/* The instructions node i takes (rxemit's layout), kept in the node; a
 * double, exact up to far past any bound */
function rxsize(n, i) {
	var t = 0, j, k, x = n[i];
	if (x.size >= 0) return x.size;
	if (x.type === RXN_SET || x.type === RXN_ASSERT) t = 1;
	else if (x.type === RXN_CAT || x.type === RXN_ALT) {
		for (j = x.kid; j >= 0; j = n[j].next) t += rxsize(n, j) + (x.type === RXN_ALT ? 2 : 0);
		if (x.type === RXN_ALT) t -= 2;
	} else if (x.type === RXN_REP) {
		k = rxsize(n, x.kid);
		t = k * x.arg + (x.max < 0 ? (x.arg ? 1 : k + 2) : (k + 1) * (x.max - x.arg));
	}
	return (x.size = t);
}
function rxput(R, op, arg, x, y) {
	R.op[R.n] = op; R.arg[R.n] = arg; R.x[R.n] = x; R.y[R.n] = y;
	return R.n++;
}
/* Node i's code at the end of the program, as regex.c lays it out */
function rxemit(R, n, i) {
	var x = n[i], j, at = 0, end, split, k;
	switch (x.type) {
	case RXN_SET: rxput(R, RXI_SET, x.arg, 0, 0); return;
	case RXN_ASSERT: rxput(R, RXI_ASSERT, x.arg, 0, 0); return;
	case RXN_CAT:
		for (j = x.kid; j >= 0; j = n[j].next) rxemit(R, n, j);
		return;
	case RXN_ALT:
		end = R.n + rxsize(n, i);
		for (j = x.kid; n[j].next >= 0; j = n[j].next) {
			split = rxput(R, RXI_SPLIT, 0, R.n + 1, 0);
			rxemit(R, n, j);
			rxput(R, RXI_JMP, 0, end, 0);
			R.y[split] = R.n;
		}
		rxemit(R, n, j);
		return;
	case RXN_REP: break;
	default: return;
	}
	for (k = 0; k < x.arg; k++) {
		at = R.n;
		rxemit(R, n, x.kid);
	}
	if (x.max < 0 && x.arg) {
		rxput(R, RXI_SPLIT, 0, at, R.n + 1);
	} else if (x.max < 0) {
		split = rxput(R, RXI_SPLIT, 0, R.n + 1, 0);
		rxemit(R, n, x.kid);
		rxput(R, RXI_JMP, 0, split, 0);
		R.y[split] = R.n;
	} else {
		end = R.n + (rxsize(n, x.kid) + 1) * (x.max - x.arg);
		for (k = x.arg; k < x.max; k++) {
			rxput(R, RXI_SPLIT, 0, R.n + 1, end);
			rxemit(R, n, x.kid);
		}
	}
}
/* Byte classes: bytes that every set, the word test and the newline
 * test treat alike share one */
function rxbyte_classes(R) {
	var tests = R.sets.slice(), w = new Uint8Array(32), nl = new Uint8Array(32), t, b, k, map, n;
	for (b = 0; b < 256; b++) if (rxword(b)) rxset_add(w, b);
	rxset_add(nl, 10);
	tests.push(w, nl);
	R.cls = new Uint8Array(256);
	for (t = 0; t < tests.length; t++) {
		for (map = {}, n = 0, b = 0; b < 256; b++) {
			k = R.cls[b] * 2 + rxset_has(tests[t], b);
			if (!(k in map)) map[k] = n++;
			R.cls[b] = map[k];
		}
	}
	for (R.ncls = 0, b = 0; b < 256; b++) R.ncls = Math.max(R.ncls, R.cls[b] + 1);
}

/* Does node i match exactly one string?  Then its bytes are pushed on
 * l, and o.zw set if it takes a zero-width assertion; else false, l
 * left longer (regex.c's literal) */
function rxliteral(n, sets, i, l, o) {
	var x = n[i], j, at = l.length, c, one, len, k;
	switch (x.type) {
	case RXN_EMPTY: return true;
	case RXN_ASSERT: o.zw = true; return true;
	case RXN_SET:
		for (one = -1, c = 0; c < 256; c++) {
			if (!rxset_has(sets[x.arg], c)) continue;
			if (one >= 0) return false;
			one = c;
		}
		if (one < 0) return false;
		l.push(one);
		return true;
	case RXN_CAT:
		for (j = x.kid; j >= 0; j = n[j].next) if (!rxliteral(n, sets, j, l, o)) return false;
		return true;
	case RXN_ALT: return n[x.kid].next < 0 && rxliteral(n, sets, x.kid, l, o);
	}
	if (x.arg !== x.max || !rxliteral(n, sets, x.kid, l, o)) return false;
	for (len = l.length - at, k = 1; k < x.arg; k++) for (j = 0; j < len; j++) l.push(l[at + j]);
	if (!x.arg) l.length = at;
	return true;
}
/* Push the last len bytes of l k - 1 times more */
function rxlit_repeat(l, len, k) {
	var at = l.length - len, j;
	for (; len && k > 1; k--) for (j = 0; j < len; j++) l.push(l[at + j]);
}
/* The longest literal every match holds (regex.c's must), as R.lit:
 * its longest run of ASCII bytes, which is a string's code units too;
 * R.exact when the pattern is that literal and no assertion */
function rxmust(R, n, root) {
	var best = [], run = [], b = n[root].kid, j, at, o = { zw: false }, exact = true, keep, i, lit = "", t = "";
	keep = function () { if (run.length > best.length) best = run; run = []; };
	R.lit = "";
	R.exact = false;
	if (n[b].next >= 0) return;
	for (j = n[b].type === RXN_CAT ? n[b].kid : -1; j >= 0; j = n[j].next) {
		at = run.length;
		if (rxliteral(n, R.sets, j, run, o)) continue;
		exact = false;
		run.length = at;
		if (n[j].type === RXN_REP && n[j].arg > 0 && rxliteral(n, R.sets, n[j].kid, run, o)) {
			rxlit_repeat(run, run.length - at, n[j].arg);
			keep();
			rxliteral(n, R.sets, n[j].kid, run, o);
			rxlit_repeat(run, run.length, n[j].arg);
			continue;
		}
		run.length = at;
		keep();
	}
	keep();
	for (i = 0; i <= best.length; i++) {
		if (i < best.length && best[i] < 128) { t += String.fromCharCode(best[i]); continue; }
		if (t.length > lit.length) lit = t;
		t = "";
	}
	R.lit = lit;
	R.exact = exact && !o.zw && lit.length === best.length;
}
/* The fewest bytes a match of node i takes */
function rxminlen(n, i) {
	var x = n[i], t = 0, j;
	switch (x.type) {
	case RXN_SET: return 1;
	case RXN_CAT:
		for (j = x.kid; j >= 0; j = n[j].next) t += rxminlen(n, j);
		return t;
	case RXN_ALT:
		for (t = Infinity, j = x.kid; j >= 0; j = n[j].next) t = Math.min(t, rxminlen(n, j));
		return t;
	case RXN_REP: return x.arg ? rxminlen(n, x.kid) * x.arg : 0;
	}
	return 0;
}

/* Compile pattern pat (a string) with flags RX_ICASE and RX_NEWLINE:
 * an object whose test(s) says whether it matches somewhere in string
 * s; a bad pattern throws an Error whose message is regex.c's. */
function rxcompile(pat, flags) {
	var P = { b: null, p: 0, icase: !!(flags & RX_ICASE), newline: !!(flags & RX_NEWLINE), depth: 0, copies: 1,
		n: [], sets: [] };
	var u = rxutf8(String(pat)), len = u.buf.subarray(0, u.n).indexOf(0), root, size, R, N, i;
	/* a C string: to its first NUL, which ends it */
	P.b = new Uint8Array((len < 0 ? u.n : len) + 1);
	P.b.set(u.buf.subarray(0, P.b.length - 1));
	try {
		root = rxalternation(P);
		if (P.b[P.p]) rxfail(P, "unmatched )");
		if (P.copies > RX_MAXREP) rxfail(P, RX_TOOMANY);
		if ((size = rxsize(P.n, root)) > RX_MAXINST) rxfail(P, RX_TOOBIG);
	} catch (e) {
		if (e && e.rxerror) throw new Error(e.rxerror);
		throw e;
	}
	N = size + 1;
	R = { op: new Uint8Array(N), arg: new Int32Array(N), x: new Int32Array(N), y: new Int32Array(N), n: 0,
		sets: P.sets, newline: P.newline };
	rxemit(R, P.n, root);
	rxput(R, RXI_MATCH, 0, 0, 0);
	rxbyte_classes(R);
	R.bits = new Uint8Array(32 * R.sets.length + 32);
	for (i = 0; i < R.sets.length; i++) R.bits.set(R.sets[i], 32 * i);
	rxmust(R, P.n, root);
	R.minlen = rxminlen(P.n, root);
	R.mark = new Int32Array(N);
	R.gen = 0;
	R.stack = new Int32Array(3 * N + 2);
	R.list = new Int32Array(N + 1);
	R.work = new Int32Array(N + 1);
	R.cur = new Int32Array(N + 1);
	R.since = 0;
	R.buf = null;
	rxflush(R);
	return { test: function (s) { return rxsearch(R, typeof s === "string" ? s : String(s)); } };
}

/* Does assertion a hold between a byte of class pclass and byte c (-1
 * at the end of the text)? */
function rxholds(R, a, pclass, c) {
	var pw = pclass === RXP_WORD, nw = c >= 0 && rxword(c);
	switch (a) {
	case RXA_BOL: return pclass === RXP_BEGIN || pclass === RXP_NEWLINE;
	case RXA_EOL: return c < 0 || (R.newline && c === 10);
	case RXA_BUFBEG: return pclass === RXP_BEGIN;
	case RXA_BUFEND: return c < 0;
	case RXA_WBEG: return !pw && nw;
	case RXA_WEND: return pw && !nw;
	}
	return pw === nw;
}
function rxpclass(R, c) { return R.newline && c === 10 ? RXP_NEWLINE : rxword(c) ? RXP_WORD : RXP_OTHER; }
/* One NFA step from live instructions pcs[0..n) after a byte of class
 * pclass, over byte c (-1: the end): -1 when the closure reaches a
 * match, else how many instructions are live after c, in R.work
 * (sorted if asked, as a DFA state's are); the start is always a seed */
function rxstep(R, pcs, n, pclass, c, sort) {
	var sp = 0, nl = 0, i, pc, op, out = 0, gen, stack = R.stack, mark = R.mark, ops = R.op, list = R.list;
	var work = R.work, arg = R.arg, x = R.x, bits = R.bits, b = c >> 3, m = 1 << (c & 7);
	if ((gen = ++R.gen) > 0x3fffffff) { mark.fill(0); gen = R.gen = 1; }
	stack[sp++] = 0;
	for (i = 0; i < n; i++) stack[sp++] = pcs[i];
	while (sp) {
		pc = stack[--sp];
		if (mark[pc] === gen) continue;
		mark[pc] = gen;
		op = ops[pc];
		if (op === 0) list[nl++] = pc;	/* RXI_SET */
		else if (op === 1) { stack[sp++] = R.y[pc]; stack[sp++] = x[pc]; }	/* RXI_SPLIT */
		else if (op === 2) stack[sp++] = x[pc];	/* RXI_JMP */
		else if (op === 4) return -1;	/* RXI_MATCH */
		else if (rxholds(R, arg[pc], pclass, c)) stack[sp++] = pc + 1;
	}
	if (c < 0) return 0;
	for (i = 0; i < nl; i++) if (bits[arg[pc = list[i]] * 32 + b] & m) work[out++] = pc + 1;
	if (sort && out > 1) work.subarray(0, out).sort();
	return out;
}

/* The DFA cache: a state's instructions, the class of the byte before,
 * its successors by byte class (-1 not known yet, -2 a match) and
 * whether the text may end there (-1 not known); flushed past
 * RX_CACHEMAX numbers */
function rxflush(R) {
	R.flushed = R.pcs ? R.pcs.length : 0;
	R.pcs = [];
	R.pcl = [];
	R.fin = [];
	R.next = new Int32Array(64 * R.ncls).fill(-1);
	R.ids = new Map();
	R.start = -1;
	R.used = 0;
	R.flushes = (R.flushes || 0) + 1;
}
function rxstate(R, pcs, pclass) {
	var key = pclass + ":" + pcs.join(","), id = R.ids.get(key), t;
	if (id !== undefined) return id;
	if (R.pcs.length && R.used + pcs.length + R.ncls > RX_CACHEMAX) rxflush(R);
	id = R.pcs.length;
	R.pcs.push(Int32Array.from(pcs));
	R.pcl.push(pclass);
	R.fin.push(-1);
	R.ids.set(key, id);
	R.used += pcs.length + R.ncls + 8;
	if ((id + 1) * R.ncls > R.next.length) {
		t = new Int32Array(2 * R.next.length).fill(-1);
		t.set(R.next);
		R.next = t;
	}
	return id;
}
/* State st's successor over byte c, worked out and kept */
function rxdstep(R, st, c) {
	var flushes = R.flushes, k = rxstep(R, R.pcs[st], R.pcs[st].length, R.pcl[st], c, true), next;
	next = k < 0 ? -2 : rxstate(R, R.work.subarray(0, k), rxpclass(R, c));
	if (R.flushes === flushes) R.next[st * R.ncls + R.cls[c]] = next;
	return next;
}
function rxfinal(R, st) {
	if (R.fin[st] < 0) R.fin[st] = rxstep(R, R.pcs[st], R.pcs[st].length, R.pcl[st], -1, false) < 0 ? 1 : 0;
	return R.fin[st] === 1;
}
/* The search of s[o.at..n) as a DFA from state o.st, until the cache is
 * flushed with fewer than 10 bytes read per state (counting earlier
 * searches since the last flush): then null, o where it stopped */
function rxdfa(R, o, s, n) {
	var i, next, st = o.st, tab = R.next, cls = R.cls, nc = R.ncls, flushes = R.flushes;
	var from = o.at, before = R.since;
	for (i = o.at; i < n; i++) {
		next = tab[st * nc + cls[s[i]]];
		if (next === -1) {
			next = rxdstep(R, st, s[i]);
			tab = R.next;
			if (next !== -2 && R.flushes !== flushes) {
				flushes = R.flushes;
				if (before + (i - from) < 10 * R.flushed) {
					R.since = 0;
					o.st = next;
					o.at = i + 1;
					return null;
				}
				before = 0;
				from = i;
			}
		}
		if (next === -2) break;
		st = next;
	}
	R.since = before + (i - from);
	return i < n ? true : rxfinal(R, st);
}
/* The search of s[o.at..n) as an NFA from o.st's instructions, for
 * budget bytes at most: then null, o where it stopped (a DFA state) */
function rxnfa(R, o, s, n, budget) {
	var k = R.pcs[o.st].length, pclass = R.pcl[o.st], i, t, end = Math.min(n, o.at + budget);
	R.cur.set(R.pcs[o.st]);
	for (i = o.at; i < end; i++) {
		if ((k = rxstep(R, R.cur, k, pclass, s[i], false)) < 0) return true;
		t = R.cur; R.cur = R.work; R.work = t;
		pclass = rxpclass(R, s[i]);
	}
	if (i === n) return rxstep(R, R.cur, k, pclass, -1, false) < 0;
	o.st = rxstate(R, R.cur.slice(0, k).sort(), pclass);
	o.at = i;
	return null;
}
/* A search of string str: first the DFA over its code units, while
 * they are ASCII and their steps known; then from where that stopped,
 * over the rest's UTF-8 bytes, a DFA while it pays and an NFA while it
 * does not, for twice as long each time */
function rxsearch(R, str) {
	var n = str.length, i, c = 0, st, next = 0, tab = R.next, cls = R.cls, nc = R.ncls, u, o, budget = 0, r;
	/* a string of n code units is n to 3n bytes */
	if (3 * n < R.minlen || (R.lit && str.indexOf(R.lit) < 0)) return false;
	if (R.exact) return true;
	if (R.start < 0) R.start = rxstate(R, [], RXP_BEGIN);
	for (st = R.start, i = 0; i < n; i++, st = next) {
		if ((c = str.charCodeAt(i)) >= 128 || (next = tab[st * nc + cls[c]]) < 0) break;
	}
	if (i === n) return rxfinal(R, st);
	if (c < 128 && next === -2) return true;
	u = rxutf8(i ? str.slice(i) : str, R.buf);
	R.buf = u.buf;
	o = { st: st, at: 0 };
	while ((r = rxdfa(R, o, u.buf, u.n)) === null) {
		budget = budget ? 2 * budget : 10 * R.flushed;
		if ((r = rxnfa(R, o, u.buf, u.n, budget)) !== null) break;
	}
	return r;
}

export { rxcompile, RX_NEWLINE, RX_ICASE };
