/* search.js: the search: its field, case toggle and messages in the
 * toolbar; the names that match (a flag a name id, state.match), their
 * share of the zoomed frame, stepping through the matching frames, and
 * the sandwich offered when one function matches.  The expression is
 * compiled in one place, matcher(). */

import { searchre, matchedtext, pct } from "../viewer.js";
import { model, labelof, shown, timeordered } from "./model.js";
import { namesin, pathparents, pathto } from "./tree.js";
import { setsearch, state, curmode, comparing } from "./state.js";
import { deepest } from "./transform.js";
import { current } from "./views.js";
import { save } from "./url.js";
import { el, ismatch } from "./paint.js";
import { mk, draw } from "./toolbar.js";
import { zpath, select, zoom } from "./canvas.js";
import { sandwich } from "./sandwich.js";

/* The search's part of the toolbar. */
export function searchbar(bar) {
	mk("span", "matched", bar);
	mk("span", "matchpos", bar);
	mk("span", "searchmsg", bar).setAttribute("role", "alert");
	mk("button", "onematch", bar).onclick = function () { sandwich(el.onematch.name); };
	var s = mk("input", "search", bar);
	s.type = "search";
	s.placeholder = "Search (regex)";
	s.title = "a regular expression; / or Ctrl-F to type, Enter and Shift+Enter (n, N) step through the matches, Esc to reset";
	s.oninput = function () { search(s.value); };
	mk("button", "case", bar, "Aa").onclick = function () { setsearch(state.term, !state.icase); search(state.term); };
	el["case"].title = "ignore case";
}

/* The flags, by name id, of the names expression r matches. */
function matchnames(r) {
	var m = new Uint8Array(model.names.length);
	for (var k = 0; k < model.names.length; k++) m[k] = r.test(shown(model.names[k])) ? 1 : 0;
	return m;
}

/* Search: the names that match term, their share of the zoomed frame
 * (a match under a match counted once). */
export function search(term) {
	searchfor(term);
	if (state.busy) return;
	onematch();
	if (curmode().show) curmode().show(state.shown);
	draw();
	save();
}
/* The search's state for term: its expression, the names it matches,
 * the field and its messages. */
export function searchfor(term) {
	setsearch(term || "", state.icase);
	el.search.value = state.term;
	state.re = null;
	state.match = null;
	el.search.className = "";
	el.searchmsg.textContent = "";
	el.matchpos.textContent = "";
	if (state.term) {
		var r = searchre(state.term, state.icase);
		if (!(state.re = r.re)) {
			el.search.className = "bad";
			el.searchmsg.textContent = "invalid regular expression";
			el.searchmsg.title = r.error;
		}
	}
	if (state.re) state.match = matchnames(state.re);
}
/* The search again, of the view now shown (a transform, a mode): the
 * names made since tested too, and the match's place ("k of N"), which
 * was of a frame of the view before, gone. */
export function researched() {
	var m = state.match, k;
	el.matchpos.textContent = "";
	if (!state.re || !m || m.length >= model.names.length) return;
	state.match = new Uint8Array(model.names.length);
	state.match.set(m);
	for (k = m.length; k < model.names.length; k++) state.match[k] = state.re.test(shown(model.names[k])) ? 1 : 0;
}
/* A search that matches one frame's label alone offers its sandwich
 * (of the names of the view's frames, the root's aside). */
export function onematch() {
	var b = el.onematch, one = null, has, k, n = 0;
	b.style.display = "none";
	if (!state.match) return;
	has = namesin(current());
	for (k = 0; k < has.length && n < 2; k++) {
		if (!has[k] || !state.match[k]) continue;
		one = labelof(k);
		n++;
	}
	if (n !== 1) return;
	b.name = one;
	b.textContent = "Sandwich of " + shown(one);
	/* html.css hides it until then: "" would leave it hidden */
	b.style.display = "inline-block";
}
/* The share of the view's samples that pass through a match (viewer.js),
 * "of all" (of the window, in time, where there is one); zoomed, and
 * where it differs, the zoomed frame's share too, labelled. */
export function matched() {
	var v = state.shown, par, hit = function (i) { return ismatch(v, i); }, t, all, here;
	if (!state.match) { el.matched.textContent = ""; return; }
	par = pathparents(zpath());
	/* of all (of the window in time), and of the zoomed frame where it differs */
	all = matchedtext(0, par, v.end, v.w, hit);
	here = state.z ? matchedtext(state.z, par, v.end, v.w, hit) : all;
	t = all + (state.tw && timeordered(state.v) ? " of the window" : " of all") + (here !== all ? ", " + here.slice(9) + " zoomed" : "");
	/* a comparison's: the zoomed frame's, of both sides (the other's vanished stacks too) */
	if (comparing() && v.b && !state.elided)
		t = here + " of the " + model.drawn + ", " + othershare(v, par, hit) + " of the " + model.other;
	el.matched.textContent = t;
}
/* The share of the zoomed frame's other column (a comparison's) that
 * passes through a match: its frames', and that of each vanished stack
 * under it matched only past the frames the view has of it. */
function othershare(v, par, hit) {
	var z = state.z, b = v.b, sum = 0, i, k, x, d;
	/* a caller of the zoomed frame matched: all of it */
	for (i = par[z]; i >= 0 && !hit(i); i = par[i]) ;
	if (i >= 0) return pct(1, 1);
	for (i = z; i < v.end[z];) {
		if (hit(i)) { sum += b[i]; i = v.end[i]; } else i++;
	}
	for (k = 0; v.van && k < v.van.length; k++) {
		x = v.van[k];
		d = deepest(v, x[0], 0);
		if (d.frame < z || d.frame >= v.end[z]) continue;
		if (pathto(v, d.frame).some(function (j) { return j >= z && hit(j); })) continue;
		for (i = d.names; i < x[0].length && !state.match[x[0][i]]; i++) ;
		if (i < x[0].length) sum += x[1];
	}
	return pct(sum, b[z]);
}

/* The frames of the view that match, in pre-order; step to the next
 * (dir 1) or previous (-1) one after the selected frame, zoomed to,
 * "k of N" beside the box. */
function matches() {
	var v = state.shown, out = [], i;
	if (!state.match) return out;
	for (i = 0; i < v.n; i++) if (ismatch(v, i)) out.push(i);
	return out;
}
export function nextmatch(dir) {
	if (state.busy) return;
	var m = matches(), k, at = state.selected >= 0 ? state.selected : state.z;
	if (!m.length) { el.matchpos.textContent = state.match ? "no match" : ""; return; }
	if (dir > 0) { for (k = 0; k < m.length && m[k] <= at; k++) ; if (k === m.length) k = 0; }
	else { for (k = m.length - 1; k >= 0 && m[k] >= at; k--) ; if (k < 0) k = m.length - 1; }
	select(m[k]);
	zoom(m[k]);
	el.matchpos.textContent = (k + 1) + " of " + m.length;
}
