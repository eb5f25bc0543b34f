/* keys.js: the keyboard: both viewers' keys (viewer.js's keyaction),
 * then the page's own: n and N step through the matches, the arrows
 * move the keyboard's frame, Enter zooms to it, Backspace zooms out,
 * x flips a comparison's side shown, i the time mode's idle shown or
 * closed, and each mode's key (MODES)
 * switches to it. */

import { keyaction } from "../viewer.js";
import { parentat } from "./tree.js";
import { MODES, curmode, state, setsearch } from "./state.js";
import { el } from "./paint.js";
import { zoom, arrow } from "./canvas.js";
import { search, nextmatch } from "./search.js";
import { flip } from "./toolbar.js";
import { idletoggle } from "./timeaxis.js";

/* The mode whose key is k, or undefined. */
function modekey(k) {
	for (var j = 0; j < MODES.length; j++) if (MODES[j].key === k) return MODES[j];
	return undefined;
}
export function keydown(e) {
	var inSearch = document.activeElement === el.search, k = e.key, a = keyaction(e, inSearch);
	var canvas = curmode().canvas && !state.busy, m;
	if (a === "find") {
		e.preventDefault();
		el.search.focus();
		el.search.select();
	} else if (a === "case") {
		e.preventDefault();
		setsearch(state.term, !state.icase);
		search(state.term);
	} else if (a === "reset") {
		if (state.z || state.x0 > 0 || state.x1 < 1) zoom(0);
		else if (state.term) search("");
		if (inSearch) el.search.blur();
	} else if (inSearch) {
		if (k === "Enter") { e.preventDefault(); nextmatch(e.shiftKey ? -1 : 1); }
	} else if (e.ctrlKey || e.metaKey || e.altKey || /^(INPUT|SELECT|BUTTON|A|TR|TH)$/.test(document.activeElement.tagName)) {
		return;
	} else if ((k === "n" || k === "N") && !state.busy) {
		nextmatch(k === "n" ? 1 : -1);
	} else if (/^Arrow/.test(k) && canvas) {
		e.preventDefault();
		arrow(k);
	} else if (k === "Enter" && state.selected >= 0 && canvas) {
		zoom(state.selected);
	} else if (k === "Backspace") {
		e.preventDefault();
		if (state.z && !state.busy) zoom(Math.max(parentat(state.shown, state.z), 0));
	} else if (k === "x") {
		flip();
	} else if (k === "i") {
		idletoggle();
	} else if ((m = modekey(k))) {
		m.act();
	}
}
