/* txbar.js: the transforms' bar: the menu that adds one (of the zoomed
 * frame, or of the search), a chip each that removes it, Undo, and the
 * link that saves the view on screen as folded stacks. */

import { searchre } from "../viewer.js";
import { model } from "./model.js";
import { TXNAME, txflags } from "./transform.js";
import { droptx, state, pushtx } from "./state.js";
import { foldedtext } from "./save.js";
import { el } from "./paint.js";
import { mk } from "./toolbar.js";
import { unzoom, zpath } from "./canvas.js";
import { refresh } from "./main.js";

/* The bar's elements, in tb. */
export function txbar(tb) {
	var menu = mk("select", "txmenu", tb);
	[["", "Transform\u2026"], ["root", "Focus on the zoomed subtree"], ["focus", "Focus on the zoomed function"],
		["hide", "Hide the zoomed function"], ["drop", "Drop the zoomed function"], ["rec", "Collapse recursion"],
		["file", "Collapse files matching the search"], ["grep", "Only stacks matching the search"]].forEach(function (o) {
		var e = document.createElement("option");
		e.value = o[0];
		e.textContent = o[1];
		menu.appendChild(e);
	});
	menu.title = "transform the profile: the graph, table, sandwich and totals follow";
	menu.onchange = function () { addtx(menu.value); menu.value = ""; };
	mk("span", "chips", tb);
	mk("button", "undo", tb, "Undo").onclick = function () { droptx(-1); unzoom(); refresh(); };
	var a = mk("a", "save", tb, "Save view as folded");
	a.setAttribute("download", "view.folded");
	a.href = "#";
	a.onclick = savefolded;
}

/* Add a transform of kind k: of the zoomed frame's function or path,
 * or of the search. */
function addtx(k) {
	var v = state.shown, z = state.z, arg = "";
	if (!k) return;
	if (k === "root") {
		arg = zpath().slice(v.rooted ? 1 : 0).map(function (i) { return model.names[v.f[i]]; }).join(";");
	} else if (k === "focus" || k === "hide" || k === "drop") {
		arg = z > 0 || !v.rooted ? model.names[v.f[z]] : "";
	} else if (k === "file" || k === "grep") {
		arg = state.term;
		/* the search's case: Aa on, the kind that ignores it */
		if (state.icase) k += "i";
	}
	if (!arg && k !== "rec") return;
	pushtx(k, arg);
	unzoom();
	refresh();
}
/* The transforms as chips, each removable, and the link that saves the view. */
export function chips() {
	var c = el.chips;
	c.textContent = "";
	state.tx.forEach(function (t, k) {
		var sp = document.createElement("span"), x = document.createElement("button");
		sp.className = "chip";
		sp.appendChild(document.createTextNode(TXNAME[t[0]] + (t[1] ? ": " + t[1] : "")));
		badregex(sp, t);
		x.textContent = "\u00d7";
		x.setAttribute("aria-label", "remove this transform");
		x.onclick = function () { droptx(k); unzoom(); refresh(); };
		sp.appendChild(x);
		c.appendChild(sp);
	});
	el.undo.style.display = state.tx.length ? "" : "none";
}
/* A transform of a regex that does not compile (it changes nothing):
 * the search box's message on its chip. */
function badregex(sp, t) {
	var fl = txflags(t[0]), r = fl === null ? null : searchre(t[1], fl === "i"), m;
	if (!r || r.re) return;
	m = document.createElement("span");
	m.className = "bad";
	m.setAttribute("role", "alert");
	m.textContent = " invalid regular expression";
	m.title = r.error;
	sp.appendChild(m);
}
/* The link's target: the view as a file (the last one let go). */
function savefolded() {
	if (state.saved) URL.revokeObjectURL(state.saved);
	state.saved = URL.createObjectURL(new Blob([foldedtext()], { type: "text/plain" }));
	el.save.href = state.saved;
}
