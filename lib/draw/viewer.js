/* viewer.js: what fg-svg's image and fg-html's page share, so that they
 * say the same numbers and read the same URLs and keys: numbers, labels,
 * the URL's state, the search and its share, the keys.  Declarations
 * only, no DOM but in seturl; joined after svg.js and into the page's
 * scope (the Makefile's SVGJS, HTMLJS).  It holds no end of a CDATA
 * section nor of a script element (tests/viewer.bats). */

import { rxcompile, RX_NEWLINE, RX_ICASE } from "./regex.js";

/* A count to two decimals at most, its thousands grouped by commas */
export function group(v) {
	var s = String(+v.toFixed(2)), i = s.indexOf("."), int = i < 0 ? s : s.slice(0, i);
	return int.replace(/\B(?=(\d{3})+(?!\d))/g, ",") + (i < 0 ? "" : s.slice(i));
}
/* a as a percentage of b, to two decimals as fg's titles ("-" of none) */
export function pct(a, b) { return b > 0 ? (100 * a / b).toFixed(2) + "%" : "-"; }

/* s's length in code points: labels are cut by them, as in C (draw_label_fit) */
export function cplength(s) { return /[\ud800-\udfff]/.test(s) ? Array.from(s).length : s.length; }
/* s as a label of chars characters at most: s, or its first chars - 2
 * and "..", or null where fewer than 3 fit (cps: s's cplength, if kept) */
export function fitlabel(s, chars, cps) {
	if (chars < 3) return null;
	if (cps === undefined) cps = cplength(s);
	if (chars >= cps) return s;
	if (cps === s.length) return s.slice(0, chars - 2) + "..";
	return Array.from(s).slice(0, chars - 2).join("") + "..";
}

/* The pairs [key, value] of query string search in order, decoded ("+" a
 * space); a part with no key or a malformed escape (?x=%) left out */
export function queryparams(search) {
	var out = [], a = search.replace(/^\?/, "").split("&"), i, j, v;
	for (i = 0; i < a.length; i++) {
		j = a[i].indexOf("=");
		if (j <= 0) continue;
		try { v = decodeURIComponent(a[i].slice(j + 1).replace(/\+/g, " ")); }
		catch (err) { continue; }
		out.push([a[i].slice(0, j), v]);
	}
	return out;
}
/* The pairs as an object, a key's last value */
export function querymap(pairs) {
	var p = {};
	for (var i = 0; i < pairs.length; i++) p[pairs[i][0]] = pairs[i][1];
	return p;
}
/* The query string of pairs [key, value], "" of none; a value null left
 * out, a list as its parts escaped and joined by ":" (tx=KIND:ARG) */
export function querystring(pairs) {
	var q = [], i, v;
	for (i = 0; i < pairs.length; i++) {
		v = pairs[i][1];
		if (v == null) continue;
		v = Array.isArray(v) ? v.map(encodeURIComponent).join(":") : encodeURIComponent(v);
		q.push(pairs[i][0] + "=" + v);
	}
	return q.length ? "?" + q.join("&") : "";
}
/* Put the pairs in the window's URL, without a reload. */
export function seturl(pairs) {
	try {
		history.replaceState(null, "", querystring(pairs) || location.pathname);
	} catch (err) { /* some file:// pages refuse */ }
}

/* Search term as a regular expression of fg-filter -e's (regex.js):
 * {re}, or {error}, why not, in fg-filter's words */
export function searchre(term, icase) {
	try { return { re: rxcompile(term, RX_NEWLINE | (icase ? RX_ICASE : 0)) }; }
	catch (err) { return { error: "invalid regular expression: " + err.message }; }
}
/* "Matched": the share of frame z's samples through a frame that matches
 * (hit(i)): all under a matching caller, else the outermost matches'
 * below.  Frames in pre-order: caller parent[i] (-1 none), end[i] of
 * the subtree, count w[i]. */
export function matchedtext(z, parent, end, w, hit) {
	var i, sum = 0;
	for (i = parent[z]; i >= 0 && !hit(i); i = parent[i]) ;
	if (i >= 0) return "Matched: " + pct(1, 1);
	for (i = z; i < end[z];) {
		if (hit(i)) { sum += w[i]; i = end[i]; } else i++;
	}
	return "Matched: " + pct(sum, w[z]);
}

/* What key event e asks: "find" (F3, Ctrl/Cmd-F, / when not typing),
 * "case" (Ctrl/Cmd-I), "reset" (Escape: the zoom, else the search), "" */
export function keyaction(e, typing) {
	var k = e.key, mod = e.ctrlKey || e.metaKey;
	if (k === "F3" || (mod && (k === "f" || k === "F")) || (k === "/" && !typing && !mod))
		return "find";
	if (mod && !e.shiftKey && (k === "i" || k === "I")) return "case";
	if (k === "Escape" || k === "Esc") return "reset";
	return "";
}
