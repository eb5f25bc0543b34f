/* source.cjs: fg-html's source pane in headless Chromium, for
 * tests/fg-html-source.bats: what a user sees of it, "key=value" lines.
 *
 *   node source.cjs CASE PAGE.html [ARG...]
 *
 * or through run() in server.cjs.  Every case also prints requests=,
 * errors=, dialogs= and workers=, as html.cjs's do. */
"use strict";
const { hoverName, driver } = require("./lib.cjs");

let sink = (line) => console.log(line);
function say(k, v) { sink(k + "=" + v); }

const cases = {
	/* hover frame NAME (then, with SHOT, a screenshot to that file):
	 * the pane's head, note, each row of numbers "line<TAB>flat<TAB>cum
	 * [<TAB>dflat<TAB>dcum]<TAB>text" (the numbers as the row keeps
	 * them), the frame's line marked and whether the pane shows it, and
	 * what hostile text could have done: elements made, a script run */
	async pane(o, name, shot) {
		const p = o.page;
		await hoverName(p, name);
		say("shown", await p.$eval("#srcpane", (e) => !e.hidden && e.getBoundingClientRect().height > 0));
		say("where", await p.$eval("#srcwhere", (e) => e.textContent));
		say("note", await p.$eval("#srcnote", (e) => e.textContent));
		const rows = await p.$$eval("#srcbody tr", (rs) => rs.map((r) => {
			const d = r.dataset, c = r.cells[r.cells.length - 1].textContent;
			/* changes signed as fg-top --list --format tsv signs them */
			const sg = (x) => (+x > 0 ? "+" + x : x);
			return d.flat === undefined ? null : [d.line, d.flat, d.cum].concat(d.dflat === undefined ? [] : [sg(d.dflat), sg(d.dcum)], [c]).join("\t");
		}).filter((x) => x !== null));
		rows.forEach((r) => say("row", r));
		say("rows", await p.$$eval("#srcbody td:last-child", (rs) => rs.length));
		say("cur", await p.evaluate(() => {
			const r = document.querySelector("#srcbody tr.cur");
			return r ? r.dataset.line + "\t" + r.cells[r.cells.length - 1].textContent : "none";
		}));
		say("curvisible", await p.evaluate(() => {
			const r = document.querySelector("#srcbody tr.cur"), b = document.getElementById("srcbody");
			if (!r) return false;
			const a = r.getBoundingClientRect(), c = b.getBoundingClientRect();
			return a.top >= c.top && a.bottom <= c.bottom && a.bottom <= window.innerHeight;
		}));
		say("elements", await p.$$eval("#srcpane *", (es) => es.map((e) => e.tagName.toLowerCase())
			.filter((t, k, a) => a.indexOf(t) === k).sort().join(" ")));
		say("pwned", await p.evaluate(() => String(window.pwned)));
		say("sources", await p.evaluate(() => { const s = document.querySelector("#sources summary"); return s ? s.textContent : "none"; }));
		say("refused", await p.$$eval("#sources li", (ls) => ls.map((l) => l.textContent).join(" | ")));
		if (shot) await p.screenshot({ path: shot, fullPage: false });
	},
	/* hover frame A, then B: the pane's head and marked line after each
	 * (the pane follows the pointer) */
	async follow(o, a, b) {
		const p = o.page;
		for (const n of [a, b]) {
			await hoverName(p, n);
			say("where", await p.$eval("#srcwhere", (e) => e.textContent));
			say("cur", await p.evaluate(() => { const r = document.querySelector("#srcbody tr.cur"); return r ? r.dataset.line : "none"; }));
		}
	},
};

module.exports = { run: driver(cases, say, (out) => { sink = out; }, module) };
