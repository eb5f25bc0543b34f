/* source.js: the source pane: for the frame hovered (or the keyboard's),
 * its function's lines, each with its own cost and its cost with
 * callees as a heat column (lines.js: fg-top --list's numbers), on a
 * differential view their change, beside the text of its file when
 * fg-html --source-dir embedded it (data.sources), scrolled to the
 * frame's line; else the lines alone, and why (no --source-dir, under
 * the share, refused, over the bound).  The sources' line under the
 * details: what was embedded, refused and left out.  Every text is a
 * text node: no file's contents are ever markup. */

import { group } from "../viewer.js";
import { model, human } from "./model.js";
import { lineindex, linesof } from "./lines.js";
import { baseview } from "./views.js";
import { el } from "./paint.js";

/* the pane's state: the sources by path, the name index (made again
 * as transforms add names), the function shown and the rows built */
var SRC = { files: null, ix: null, nix: 0, key: "", view: null, rows: null, closed: false };
/* a file of more lines shows this many around the frame's line */
var SRCWINDOW = 4000;

/* The pane's elements and the sources' line, made once by ui(); the
 * sources taken out of the data (the worker is not sent them). */
export function sourcepane() {
	var s = model.data.sources, p, h, x;
	if (s) {
		SRC.files = new Map();
		s.files.forEach(function (f) { SRC.files.set(f[0], { text: f[1], why: f[2] }); });
		SRC.share = s.share;
		SRC.max = s.max;
		srcsourcesline(s);
	}
	p = srcmk("div", "srcpane", document.body);
	p.hidden = true;
	h = srcmk("div", "srchead", p);
	srcmk("span", "srcwhere", h);
	x = srcmk("button", "srcclose", h, "\u00d7");
	x.type = "button";
	x.title = "Close the source pane (a frame clicked opens it again)";
	x.addEventListener("click", function () { SRC.closed = true; p.hidden = true; });
	srcmk("div", "srcnote", p);
	srcmk("div", "srcbody", p);
}
function srcmk(tag, id, parent, text) {
	var e = document.createElement(tag);
	e.id = id;
	if (text != null) e.textContent = text;
	parent.appendChild(e);
	return el[id] = e;
}
/* The sources' line: how many files embedded, refused, left out by the
 * bound, each not embedded named with why (in a details element). */
function srcsourcesline(s) {
	var d = srcmk("details", "sources", document.body), sum = document.createElement("summary"),
		bad = s.files.filter(function (f) { return f[1] === null; }), ul, bytes = s.embedded;
	sum.textContent = "Sources: " + (s.files.length - bad.length) + " file" +
		(s.files.length - bad.length === 1 ? "" : "s") + " embedded (" + bytes + " bytes)" +
		(bad.length ? ", " + (bad.length - s.left) + " refused" : "") +
		(s.left ? ", " + s.left + " left out: the bound of --source-max, " + s.max + " bytes, reached" : "") +
		"; files under " + s.share + "% of the samples not embedded";
	d.appendChild(sum);
	ul = document.createElement("ul");
	bad.forEach(function (f) {
		var li = document.createElement("li");
		li.textContent = f[0] + ": " + f[2];
		ul.appendChild(li);
	});
	d.appendChild(ul);
}

/* The function of frame i of view v in the pane, at its line. */
export function showsource(v, i, chosen) {
	var p = el.srcpane, ix, k, line, r, base;
	if (!p || !v || i < 0 || i >= v.n) return;
	if (chosen) SRC.closed = false;
	if (SRC.closed) return;
	if (!SRC.ix || SRC.nix !== model.names.length) {
		SRC.ix = lineindex(model.names);
		SRC.nix = model.names.length;
		SRC.key = "";
	}
	ix = SRC.ix;
	k = ix.fn[v.f[i]];
	if (k < 0) return;	/* no file: the pane keeps what it shows */
	line = ix.line[v.f[i]];
	base = baseview();
	if (SRC.key !== ix.fns[k].key || SRC.view !== base) {
		r = linesof(base, ix, k, !!model.negate);
		srcbuild(r, line);
		SRC.key = ix.fns[k].key;
		SRC.view = base;
	} else if (!SRC.rows.has(line) && line >= 0 && SRC.lines) {
		srcbuild(SRC.res, line);	/* past the window built */
	}
	p.hidden = false;
	srcmark(line);
}

/* The pane's rows for the result r of linesof, the file's window
 * around line. */
function srcbuild(r, line) {
	var body = el.srcbody, t = document.createElement("table"), tb = document.createElement("tbody"),
		f = SRC.files ? SRC.files.get(r.fn.file) : null, text = f && f.text !== null ? f.text : null,
		two = !!baseview().b, by = new Map(), max = 0, dmax = 0, lines = null, from = 1, to = 0, n, j;
	SRC.res = r;
	SRC.rows = new Map();
	r.lines.forEach(function (x) {
		by.set(x.line, x);
		max = Math.max(max, Math.abs(x.cum), Math.abs(x.flat));
		if (two) dmax = Math.max(dmax, Math.abs(x.cum - x.bcum), Math.abs(x.flat - x.bflat));
	});
	el.srcwhere.textContent = r.fn.file + " \u2014 " + r.fn.name + ": " + human(r.total.flat) + " flat, " +
		human(r.total.cum) + " cum" + (two ? " (" + srcsign(r.total.cum - r.total.bcum) + ")" : "");
	el.srcnote.textContent = srcwhy(r.fn.file, f);
	if (text !== null) {
		lines = text.split("\n");
		if (lines.length && lines[lines.length - 1] === "") lines.pop();
		n = lines.length;
		from = 1;
		to = n;
		if (n > SRCWINDOW) {
			from = Math.max(1, (line > 0 ? line : r.lines.length ? r.lines[0].line : 1) - SRCWINDOW / 2);
			to = Math.min(n, from + SRCWINDOW - 1);
			el.srcnote.textContent = "lines " + from + "\u2013" + to + " of " + n + " shown";
		}
		if (r.lines.length && r.lines[r.lines.length - 1].line > n)
			el.srcnote.textContent = r.fn.file + " has " + n + " line" + (n === 1 ? "" : "s") + ", the profile names line " +
				r.lines[r.lines.length - 1].line + " (another version of it?)";
	}
	SRC.lines = lines;
	/* the text's lines of the window, then the costly ones not in it */
	for (j = from; j <= to; j++) tb.appendChild(srctr(j, by.get(j), lines[j - 1], two, max, dmax));
	r.lines.forEach(function (x) {
		if (lines === null || x.line < from || x.line > to) tb.appendChild(srctr(x.line, x, null, two, max, dmax));
	});
	t.className = "srclines";
	t.appendChild(srchead(two));
	t.appendChild(tb);
	body.textContent = "";
	body.appendChild(t);
}
/* A line's text as shown: a control character (a tab's kept) or a
 * line or paragraph separator as its escape, \\xHH or \\uHHHH, as
 * fg-top --list writes them. */
function srcshown(t) {
	return t.replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]/g, function (c) {
		var h = c.charCodeAt(0).toString(16).toUpperCase();
		return c.charCodeAt(0) < 0x100 ? "\\x" + (h.length < 2 ? "0" : "") + h : "\\u" + h;
	});
}
/* The columns' heads. */
function srchead(two) {
	var h = document.createElement("thead"), r = document.createElement("tr");
	["flat", "cum"].concat(two ? ["\u0394 flat", "\u0394 cum"] : [], ["line", "source"]).forEach(function (t) {
		var c = document.createElement("th");
		c.textContent = t;
		r.appendChild(c);
	});
	h.appendChild(r);
	return h;
}
/* Why the file f[ile]'s text is not in the pane, or "". */
function srcwhy(file, f) {
	if (!SRC.files) return "No source embedded: fg-html --source-dir DIR embeds it.";
	if (!f) return "Not embedded: under " + SRC.share + "% of the samples (--source-share).";
	return f.text === null ? file + ": " + f.why : "";
}
function srcsign(d) { return d > 0 ? "+" + srcnum(d) : d < 0 ? "\u2212" + srcnum(-d) : "0"; }
/* a cell's number: plain counts without their name, a unit's in human form */
function srcnum(v) { return model.unit === "count" ? group(v) : human(v); }
/* One line's row: flat, cum (their change), number, text. */
function srctr(line, x, text, two, max, dmax) {
	var r = document.createElement("tr");
	r.dataset.line = line;
	if (x) {
		r.dataset.flat = x.flat;
		r.dataset.cum = x.cum;
		if (two) {
			r.dataset.dflat = x.flat - x.bflat;
			r.dataset.dcum = x.cum - x.bcum;
		}
	}
	srccell(r, "flat", x && x.flat ? srcnum(x.flat) : "", x ? srcheat(x.flat, max) : "");
	srccell(r, "cum", x && x.cum ? srcnum(x.cum) : "", x ? srcheat(x.cum, max) : "");
	if (two) {
		srccell(r, "dflat", x && x.flat - x.bflat ? srcsign(x.flat - x.bflat) : "", x ? srcchange(x.flat - x.bflat, dmax) : "");
		srccell(r, "dcum", x && x.cum - x.bcum ? srcsign(x.cum - x.bcum) : "", x ? srcchange(x.cum - x.bcum, dmax) : "");
	}
	srccell(r, "ln", String(line), "");
	srccell(r, "code", text === null || text === undefined ? "" : srcshown(text.replace(/\r$/, "")), "");
	SRC.rows.set(line, r);
	return r;
}
function srccell(r, cls, text, bg) {
	var d = document.createElement("td");
	d.className = cls;
	d.textContent = text;
	if (bg) d.style.background = bg;
	r.appendChild(d);
}
/* the heat of v of max: a warmer cell for more */
function srcheat(v, max) {
	return v && max ? "rgba(255,96,0," + (0.12 + 0.7 * Math.abs(v) / max).toFixed(3) + ")" : "";
}
/* a change: red for more, blue for less */
function srcchange(d, max) {
	if (!d || !max) return "";
	return (d > 0 ? "rgba(230,40,40," : "rgba(40,90,230,") + (0.12 + 0.7 * Math.abs(d) / max).toFixed(3) + ")";
}
/* The frame's line marked, the pane scrolled to it. */
function srcmark(line) {
	var b = el.srcbody, r;
	if (SRC.cur) SRC.cur.classList.remove("cur");
	SRC.cur = r = SRC.rows.get(line) || null;
	if (!r) return;
	r.classList.add("cur");
	b.scrollTop = Math.max(0, r.offsetTop - b.clientHeight / 2 + r.offsetHeight / 2);
}
