/* viewer.js: what fg's two viewers share, so that fg-svg's image and
 * fg-html's page say the same numbers and read the same URLs and keys:
 * number formatting, label truncation, the state in the URL, the search
 * (its regular expression and its "Matched" share) and the keys.  Only
 * declarations, touching no DOM but in seturl: the build joins it after
 * svg.js (the image's script, at global scope) and into the page's
 * scope (the Makefile's SVGJS and HTMLJS); tests/viewer.bats runs it
 * under node.  It must not hold the end of a CDATA section (two closing
 * brackets and a '>'), which would end the image's script, nor a '<'
 * and "/script", which would end the page's (tests/viewer.bats). */

/* A count with its thousands grouped by commas, to two decimals at
 * most (fg's folded counts may be fractions): 1234567.125 as
 * "1,234,567.13". */
function group(v) {
	var s = String(+v.toFixed(2)), i = s.indexOf("."), int = i < 0 ? s : s.slice(0, i);
	return int.replace(/\B(?=(\d{3})+(?!\d))/g, ",") + (i < 0 ? "" : s.slice(i));
}
/* a as a percentage of b, to two decimals ("-" where b is none): the
 * shares of the tooltips, as fg's titles write them, and of "Matched" */
function pct(a, b) { return b > 0 ? (100 * a / b).toFixed(2) + "%" : "-"; }

/* Labels are cut by code points, as fg's C side cuts the labels it
 * draws (label_fit): a character outside the BMP counts once. */
function cplength(s) { return /[\ud800-\udfff]/.test(s) ? Array.from(s).length : s.length; }
/* Name s as a label of at most chars characters: s, or its first
 * chars - 2 characters and "..", or null where fewer than 3 fit.  cps
 * is s's length in code points, if the caller keeps it. */
function fitlabel(s, chars, cps) {
	if (chars < 3) return null;
	if (cps === undefined) cps = cplength(s);
	if (chars >= cps) return s;
	if (cps === s.length) return s.slice(0, chars - 2) + "..";
	return Array.from(s).slice(0, chars - 2).join("") + "..";
}

/* The state in the URL, ?KEY=VALUE&...: the pairs of a query string
 * (location.search) in order, [key, value], the values decoded ("+" a
 * space, as in a form); a part with no key, or a malformed escape
 * (?x=%), is left out. */
function queryparams(search) {
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
function querymap(pairs) {
	var p = {};
	for (var i = 0; i < pairs.length; i++) p[pairs[i][0]] = pairs[i][1];
	return p;
}
/* The query string of pairs [key, value] ("" for none): a value null
 * is left out; a value that is a list is its parts, each escaped,
 * joined by ":" (the page's tx=KIND:ARG). */
function querystring(pairs) {
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
function seturl(pairs) {
	try {
		history.replaceState(null, "", querystring(pairs) || location.pathname);
	} catch (err) { /* some file:// pages refuse; the view still works */ }
}

/* The search: term as a regular expression, case-blind with icase:
 * {re}, or {error}, the reason it is not one. */
function searchre(term, icase) {
	try { return { re: new RegExp(term, icase ? "i" : "") }; }
	catch (err) { return { error: "invalid regular expression: " + err.message }; }
}
/* What the search matched of frame z: the share of its samples that
 * pass through a frame that matches (hit(i)), all of them under a
 * matching caller, else those of the outermost matches in its subtree
 * (a match under a match counts once).  The frames are in pre-order:
 * parent[i] is a frame's caller (-1 at the root), end[i] the end of its
 * subtree, w[i] its count. */
function matchedtext(z, parent, end, w, hit) {
	var i, sum = 0;
	for (i = parent[z]; i >= 0 && !hit(i); i = parent[i]) ;
	if (i >= 0) return "Matched: " + pct(1, 1);
	for (i = z; i < end[z];) {
		if (hit(i)) { sum += w[i]; i = end[i]; } else i++;
	}
	return "Matched: " + pct(sum, w[z]);
}

/* What key event e asks of a viewer, the same in both: "find" (F3,
 * Ctrl/Cmd-F, or "/" when not typing in a text box), "case" (Ctrl/Cmd-I,
 * ignore case), "reset" (Escape: the zoom, else the search), else "". */
function keyaction(e, typing) {
	var k = e.key, mod = e.ctrlKey || e.metaKey;
	if (k === "F3" || (mod && (k === "f" || k === "F")) || (k === "/" && !typing && !mod))
		return "find";
	if (mod && !e.shiftKey && (k === "i" || k === "I")) return "case";	/* not the tools' Ctrl-Shift-I */
	if (k === "Escape" || k === "Esc") return "reset";
	return "";
}
