/* url.js: the state in the URL (viewer.js reads and writes it):
 * ?v=VIEW&e=1&z=FRAME&x=X0,X1&s=REGEX&i=1&o=width&d=icicle&m=MODE&fn=LABEL
 * &by=function&tx=KIND:ARG...&th=THEME&tb=function|file&cmp=BASE,TARGET&neg=1&norm=1
 * &sl=1&nz=0&cs=b|t&w=FROM,TO&hm=1&idle=0; the direction a key of its own,
 * kept in every mode; m= a mode of MODES, or graph (a view in time
 * order opens in the time mode).  A link reopens what it shows. */

import { seturl, queryparams, querymap } from "../viewer.js";
import { model, timeordered } from "./model.js";
import { TX, txuseful } from "./transform.js";
import { state, defaultmode, curmode, modeof, settx, setbase, setlook, setmode, MODES, setfn,
	settableby, settheme, setsearch, setzoom, setwindow, setcside, setcnoise, settimewin, setheat, setidle } from "./state.js";
import { choosecmp, idleframes } from "./views.js";
import { parsewindow, windowparam } from "./window.js";
import { winparam, parsewin } from "./layout.js";

/* The pairs [key, value] of the state, as the URL keeps them. */
export function statepairs() {
	var q = [];
	/* the comparison: its views, toggles and the side shown (v= then that view's) */
	if (state.cmp) q.push(["cmp", state.cmp.join(",")]);
	if (state.cmp && state.cneg) q.push(["neg", 1]);
	if (state.cmp && state.cnorm) q.push(["norm", 1]);
	if (state.cmp && state.cstrip) q.push(["sl", 1]);
	if (state.cmp && !state.cnoise) q.push(["nz", 0]);
	if (state.cmp && state.cside) q.push(["cs", state.cside]);
	else if (state.v && !state.cmp) q.push(["v", state.v]);
	if (state.elided) q.push(["e", 1]);
	if (state.z) q.push(["z", state.z]);
	if (winparam()) q.push(["x", winparam()]);
	if (state.tw && timeordered(state.v)) q.push(["w", windowparam(state.tw[0], state.tw[1])]);
	if (state.heat && timeordered(state.v)) q.push(["hm", 1]);
	if (!state.idle && idleframes()) q.push(["idle", 0]);
	if (state.term) q.push(["s", state.term]);
	if (state.icase) q.push(["i", 1]);
	if (state.sortwidth !== !!model.data.sortwidth) q.push(["o", state.sortwidth ? "width" : "name"]);
	if (state.inverted !== !!model.data.inverted) q.push(["d", state.inverted ? "icicle" : "flame"]);
	/* a view opens in its mode: the graph's m=graph where that is time */
	if (state.mode !== defaultmode()) q.push(["m", state.mode || "graph"]);
	if (curmode().pairs) curmode().pairs(q);
	state.tx.forEach(function (t) { q.push(["tx", t]); });
	if (state.theme) q.push(["th", state.theme]);
	return q;
}
export function save() { seturl(statepairs()); }

/* The most transforms a URL may hold (tx=): those past it are dropped,
 * and the page says how many (each is run over every stack). */
export var TXMAX = 64;
/* The state of query string search (the page's, location.search). */
export function loadstate(search) {
	var all = queryparams(search), p = querymap(all), m = modeof(p.m === "graph" ? "" : p.m), tx = [];
	var inverted = state.inverted, sortwidth = state.sortwidth, z;
	/* tx=KIND:ARG, in order; an unknown kind is ignored */
	all.forEach(function (kv) {
		var x = kv[1], c = x.indexOf(":");
		if (kv[0] === "tx" && c > 0 && TX.hasOwnProperty(x.slice(0, c))) tx.push([x.slice(0, c), x.slice(c + 1)]);
	});
	/* those that change nothing left out, then those past the bound */
	var u = txuseful(tx), txnote = "";
	if (u.tx.length > TXMAX) txnote = "The link holds " + u.tx.length + " transforms: the first " + TXMAX +
		" are applied, " + (u.tx.length - TXMAX) + " dropped (at most " + TXMAX + " in a link).";
	settx(u.tx.slice(0, TXMAX));
	var v = parseInt(p.v, 10), c = (p.cmp || "").split(",").map(Number);
	if (!(v >= 0 && v < model.data.views.length)) v = state.v;
	/* cmp=B,T (without it, fg-html --compare's own), its side shown by
	 * cs= (its view's number v=) */
	if (p.cmp == null && model.data.cmp) c = model.data.cmp;
	if (c.length === 2 && c.every(function (x) { return x >= 0 && x === Math.floor(x); }))
		choosecmp(c, p.neg === "1" || p.cmp == null && !!model.data.cmpneg, p.norm === "1", p.sl === "1");
	else if (p.cmp != null) state.cwhy = "cmp=" + p.cmp + " names no two views (cmp=BASE,TARGET, numbered from 0 as v= numbers them)";
	setcside(p.cs === "b" || p.cs === "t" ? p.cs : "");
	setcnoise(p.nz !== "0");
	if (state.cside) v = state.cmp[state.cside === "b" ? 0 : 1];
	setbase(v, p.e === "1" && (state.cmp && !state.cside || !!model.data.views[v].e));
	if (p.o === "width" || p.o === "name") sortwidth = p.o === "width";
	/* d=, or m= as older links have it */
	if (p.m === "icicle" || p.m === "flame") inverted = p.m === "icicle";
	if (p.d === "icicle" || p.d === "flame") inverted = p.d === "icicle";
	setlook(inverted, sortwidth);
	/* a mode of one function needs it named; no m=, the view's own; a
	 * mode unknown is said */
	setmode(p.m == null ? defaultmode() : m && (!m.fn || p.fn) ? m.id : "");
	state.notice = p.m == null || m || p.m === "icicle" || p.m === "flame" ? "" :
		"No mode \u201c" + p.m + "\u201d (m=): the graph is shown; the modes are " +
		MODES.map(function (x) { return x.id || "graph"; }).join(", ") + ".";
	if (m && m.fn && !p.fn) state.notice = "m=" + m.id + " names no frame (fn=): the graph is shown.";
	if (txnote) state.notice = [state.notice, txnote].filter(Boolean).join(" ");
	setfn(p.fn || "", p.by === "function" ? "function" : "");
	settableby(p.tb === "file" || p.tb === "function" ? p.tb : "");
	if (p.th === "dark" || p.th === "light") settheme(p.th);
	setsearch(p.s || "", p.i === "1");
	z = parseInt(p.z, 10) || 0;
	setzoom(z < 0 ? 0 : z);
	settimewin(parsewindow(p.w));
	setheat(p.hm === "1");
	setidle(p.idle !== "0");
	var w = parsewin(p.x);
	setwindow(w[0], w[1]);
}
