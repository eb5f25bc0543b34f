/* search.js: the search: its field, case toggle and messages in the
 * toolbar; the names that match (a flag a name id, state.match), their
 * share of the zoomed frame, stepping through the matching frames, and
 * the sandwich offered when one function matches.  The expression is
 * compiled in one place, matcher(). */

import { searchre, matchedtext } from "../viewer.js";
import { model, labelof, timeordered } from "./model.js";
import { namesin, pathparents } from "./tree.js";
import { setsearch, state, curmode } from "./state.js";
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
	for (var k = 0; k < model.names.length; k++) m[k] = r.test(model.names[k]) ? 1 : 0;
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
	for (k = m.length; k < model.names.length; k++) state.match[k] = state.re.test(model.names[k]) ? 1 : 0;
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
	b.textContent = "Sandwich of " + one;
	/* html.css hides it until then: "" would leave it hidden */
	b.style.display = "inline-block";
}
/* The share of the view's samples that pass through a match (viewer.js),
 * "of all" (of the window, in time, where there is one); zoomed, and
 * where it differs, the zoomed frame's share too, labelled. */
export function matched() {
	var v = state.shown, P, all, here;
	function hit(i) { return ismatch(v, i); }
	if (!state.match) { el.matched.textContent = ""; return; }
	P = pathparents(zpath());
	all = matchedtext(0, P, v.end, v.w, hit);
	here = state.z ? matchedtext(state.z, P, v.end, v.w, hit) : all;
	el.matched.textContent = all + (state.tw && timeordered(state.v) ? " of the window" : " of all") +
		(here !== all ? ", " + here.replace(/^Matched: /, "") + " of the zoomed frame" : "");
	el.matched.title = state.z ? "zoomed to " + model.names[v.f[state.z]] : "";
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
