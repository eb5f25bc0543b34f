/* source.js: the source pane: the function of the frame hovered (or
 * chosen), its lines' flat and cum (lines.js) as a heat column, their
 * change on a differential view, beside its file's text when fg-html
 * --source-dir embedded it, scrolled to the frame's line; else why not.
 * The sources' line: what was embedded, refused and left out.  Every
 * text a text node, never markup. */

import { group } from "../viewer.js";
import { model, human } from "./model.js";
import { lineindex, linesof } from "./lines.js";
import { baseview } from "./views.js";
import { el } from "./paint.js";

/* the sources by path, the name index (made again as transforms add
 * names), the function shown, its rows by line */
var SRC = { files: null, ix: null, key: "", view: null, rows: null, closed: false };
/* a longer file shows this many lines around the frame's */
var SRCWINDOW = 4000;

/* The pane and the sources' line, made by ui(). */
export function sourcepane() {
	var s = model.data.sources, p, x, d, bad;
	if (s) {
		SRC.files = new Map(s.files.map(function (f) { return [f[0], f]; }));
		bad = s.files.filter(function (f) { return f[1] === null; });
		d = srcmk("details", "sources", document.body);
		srcmk("summary", "", d, "Sources: " + (s.files.length - bad.length) + " files embedded (" + s.embedded +
			" bytes), " + (bad.length - s.left) + " refused" + (s.left ? ", " + s.left +
			" left out: the bound of --source-max, " + s.max + " bytes, reached" : "") +
			"; files under " + s.share + "% of the samples not embedded");
		x = srcmk("ul", "", d);
		bad.forEach(function (f) { srcmk("li", "", x, f[0] + ": " + f[2]); });
	}
	p = srcmk("div", "srcpane", document.body);
	p.hidden = true;
	x = srcmk("div", "srchead", p);
	srcmk("span", "srcwhere", x);
	x = srcmk("button", "srcclose", x, "\u00d7");
	x.title = "Close (a click on a frame opens it again)";
	x.onclick = function () { SRC.closed = p.hidden = true; };
	srcmk("div", "srcnote", p);
	srcmk("div", "srcbody", p);
}
function srcmk(tag, id, parent, text) {
	var e = parent.appendChild(document.createElement(tag));
	if (id) el[e.id = id] = e;
	if (text != null) e.textContent = text;
	return e;
}

/* Frame i of view v's function in the pane, at its line (chosen: a
 * click's, which opens a closed pane). */
export function showsource(v, i, chosen) {
	var ix, k, base = baseview(), r;
	if (chosen) SRC.closed = false;
	if (!el.srcpane || SRC.closed || !v || i < 0 || i >= v.n) return;
	if (!SRC.ix || SRC.ix.fn.length !== model.names.length) {
		SRC.ix = lineindex(model.names);
		SRC.key = "";
	}
	ix = SRC.ix;
	if ((k = ix.fn[v.f[i]]) < 0) return;	/* no file: the pane keeps what it shows */
	if (SRC.key !== ix.fns[k].key || SRC.view !== base) {
		srcbuild(linesof(base, ix, k, !!model.negate), ix.line[v.f[i]], !!base.b);
		SRC.key = ix.fns[k].key;
		SRC.view = base;
	}
	el.srcpane.hidden = false;
	if (SRC.cur) SRC.cur.className = "";
	if ((r = SRC.cur = SRC.rows.get(ix.line[v.f[i]]))) {
		r.className = "cur";
		el.srcbody.scrollTop = Math.max(0, r.offsetTop - el.srcbody.clientHeight / 2);
	}
}

/* The pane's rows of r (linesof's), two: with changes; the file's
 * lines (around line, of a long file), then the costly ones not in it. */
function srcbuild(r, line, two) {
	var f = SRC.files && SRC.files.get(r.fn.file), text = f && f[1], t = document.createElement("table"),
		by = new Map(), max = 0, dmax = 0, lines = [], from = 1, last = r.lines.length ? r.lines[r.lines.length - 1].line : 0,
		note = !SRC.files ? "No source embedded: fg-html --source-dir DIR embeds it." :
			!f ? "Not embedded: under " + model.data.sources.share + "% of the samples (--source-share)." :
			text === null ? f[0] + ": " + f[2] : "";
	r.lines.forEach(function (x) {
		by.set(x.line, x);
		max = Math.max(max, Math.abs(x.cum), Math.abs(x.flat));
		dmax = Math.max(dmax, Math.abs(x.cum - x.bcum), Math.abs(x.flat - x.bflat));
	});
	el.srcwhere.textContent = r.fn.file + " \u2014 " + r.fn.name + ": " + human(r.total.flat) + " flat, " +
		human(r.total.cum) + " cum" + (two ? " (" + srcsign(r.total.cum - r.total.bcum) + ")" : "");
	if (text) {
		lines = text.replace(/\n$/, "").split("\n");
		if (lines.length > SRCWINDOW) {
			from = Math.max(1, (line > 0 ? line : 1) - SRCWINDOW / 2);
			note = "lines " + from + "\u2013" + (from + SRCWINDOW - 1) + " of " + lines.length + " shown";
			lines = lines.slice(from - 1, from - 1 + SRCWINDOW);
		}
		if (last > from - 1 + lines.length && from === 1)
			note = f[0] + " has " + lines.length + " lines, the profile names line " + last + " (another version of it?)";
	}
	el.srcnote.textContent = note;
	SRC.rows = new Map();
	srcrow(t, ["flat", "cum"].concat(two ? ["\u0394 flat", "\u0394 cum"] : [], ["line", "source"]), "th");
	lines.forEach(function (s, j) { srcadd(t, from + j, by.get(from + j), s, two, max, dmax); });
	r.lines.forEach(function (x) {
		if (!SRC.rows.has(x.line)) srcadd(t, x.line, x, "", two, max, dmax);
	});
	t.className = "srclines";
	el.srcbody.textContent = "";
	el.srcbody.appendChild(t);
}
function srcsign(d) { return (d > 0 ? "+" : d < 0 ? "\u2212" : "") + srcnum(Math.abs(d)); }
/* a cell's number: plain counts without their name, a unit's in human form */
function srcnum(v) { return model.unit === "count" ? group(v) : human(v); }
/* A row of cells of texts c (tag td or th) into t; the row. */
function srcrow(t, c, tag) {
	var r = t.appendChild(document.createElement("tr"));
	c.forEach(function (s) { r.appendChild(document.createElement(tag)).textContent = s; });
	return r;
}
/* Line n's row into t: flat, cum (their changes), n, text s (each
 * control character, U+2028 and U+2029 as the text of its escape, as
 * fg-top --list writes them), the numbers as data too. */
function srcadd(t, n, x, s, two, max, dmax) {
	var df = x ? x.flat - x.bflat : 0, dc = x ? x.cum - x.bcum : 0, c = x ? [x.flat, x.cum] : [0, 0], r, k;
	s = s.replace(/\r$/, "").replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]/g, function (ch) {
		var h = ch.charCodeAt(0).toString(16).toUpperCase();
		return h.length > 2 ? "\\u" + h : "\\x" + ("0" + h).slice(-2);
	});
	r = srcrow(t, c.map(function (v) { return v ? srcnum(v) : ""; })
		.concat(two ? [df, dc].map(function (v) { return v ? srcsign(v) : ""; }) : [], [n, s]), "td");
	r.dataset.line = n;
	SRC.rows.set(n, r);
	if (!x) return;
	r.dataset.flat = x.flat;
	r.dataset.cum = x.cum;
	if (two) {
		r.dataset.dflat = df;
		r.dataset.dcum = dc;
	}
	/* the heat: warmer for more; a change red for more, blue for less */
	for (k = 0; k < (two ? 4 : 2); k++) {
		var v = k < 2 ? c[k] : k === 2 ? df : dc, m = k < 2 ? max : dmax;
		if (v && m) r.cells[k].style.background = (v > 0 ? (k < 2 ? "rgba(255,96,0," : "rgba(230,40,40,") :
			"rgba(40,90,230,") + (0.12 + 0.7 * Math.abs(v) / m).toFixed(3) + ")";
	}
}
