/* svg.cjs: fg-svg's graphs (and fg-vega --html's page) in headless
 * Chromium, for tests/svgview.bats: each case opens a file as a user
 * would, acts, and prints what is shown, one line each.
 *
 *   node svg.cjs CASE FILE [ARG...]
 *
 * (FG_QUERY: the file's query), or through run() in server.cjs, in a
 * browser shared by the whole bats file (lib.cjs's open).  Every case
 * ends with requests= (the requests that tried to leave the file,
 * refused: no network) and errors= (what the page's scripts threw). */
"use strict";
const path = require("path");
const { pathToFileURL } = require("url");
const { open } = require("./lib.cjs");

/* where say's lines go: standard output, or the case's connection */
let sink = (line) => console.log(line);
function say(k, v) { sink(k + "=" + v); }

/* The frames' state as the script leaves it after each step. */
const shown = (page, name) => page.evaluate((name) => ({
	step: name,
	query: location.search,
	view: document.getElementById("frames").classList.contains("hide") ? "elided" : "main",
	zoomed: !document.getElementById("unzoom").classList.contains("hide"),
	control: document.getElementById("elided").textContent,
	key: Array.from(document.querySelectorAll("#key:not(.hide) text, #ekey:not(.hide) text"), (t) => t.textContent).join("|"),
}), name);

const cases = {
	/* the document as the scripts leave it (as chromium --dump-dom prints
	 * it, without the doctype) */
	async dom(o) {
		sink(await o.page.evaluate(() => document.documentElement.outerHTML));
	},
	/* X Y, the place of a frame of the elided view: open that view, zoom
	 * there, go back, reload; the state after each step, a JSON line */
	async flow(o, x, y) {
		const p = o.page;
		sink(JSON.stringify(await shown(p, "open")));
		await p.click("#elided");
		sink(JSON.stringify(await shown(p, "elided")));
		await p.click(`#eframes > rect[x="${x}"][y="${y}"]`);
		sink(JSON.stringify(await shown(p, "zoomed")));
		await p.click("#elided");
		sink(JSON.stringify(await shown(p, "back")));
		await p.reload();
		sink(JSON.stringify(await shown(p, "reload")));
	},
	/* the frames the script works with: "view depth x width name" each,
	 * in layout order */
	async frames(o) {
		const lines = await o.page.evaluate(() => {
			const out = [];
			views.forEach((v, k) => {
				for (let i = 0; i < v.rects.length; i++) {
					const d = v.F[i * stride], n = v.F[i * stride + 3];
					const name = d == 0 ? "all" : n < 0 ? "+" + -n + " more" : v.n[n];
					out.push([k, d, v.F[i * stride + 1], v.F[i * stride + 2], name].join(" "));
				}
			});
			return out;
		});
		lines.forEach(sink);
	},
	/* X,Y...: each frame there hovered, its details line and tooltip,
	 * a JSON line each */
	async hover(o, ...places) {
		for (const pl of places) {
			const [x, y] = pl.split(",");
			await o.page.hover(`#frames rect[x="${x}"][y="${y}"]`);
			sink(JSON.stringify(await o.page.evaluate(() => ({
				details: document.getElementById("details").textContent,
				tip: document.querySelector("#tip text").textContent,
			}))));
		}
	},
	/* SELECTOR|PROPERTY...: the computed values of PROPERTY over the
	 * elements SELECTOR finds, distinct ones, in document order:
	 * "SELECTOR|PROPERTY VALUE,VALUE..." a line each */
	async style(o, ...specs) {
		for (const spec of specs) {
			const [sel, prop] = spec.split("|");
			const vals = await o.page.evaluate((sel, prop) => {
				const seen = [];
				document.querySelectorAll(sel).forEach((e) => {
					const v = getComputedStyle(e).getPropertyValue(prop);
					if (!seen.includes(v)) seen.push(v);
				});
				return seen;
			}, sel, prop);
			sink(spec + " " + vals.join(","));
		}
	},
	/* TERM...: each searched for by the script's search(), the alert it
	 * raised (or nothing) and how many frames it filled: "ALERT | N" */
	async search(o, ...terms) {
		for (const t of terms) {
			const n = o.dialogs.length;
			await o.page.evaluate((t) => search(t), t);
			const hits = await o.page.evaluate(() =>
				document.querySelectorAll("rect[fill=\"rgb(230,0,230)\"]").length);
			sink(o.dialogs.slice(n).join(" ") + " | " + hits);
		}
	},
	/* HTML TERM: the keys F3, Esc, Ctrl-F, Ctrl-I, / with the search
	 * prompt answered TERM, the Matched share after each; then fg-html's
	 * page HTML given the SVG's query, and again ignoring case */
	async keys(o, html, term) {
		const p = o.page, prompts = [];
		o.answer = term;
		p.on("dialog", (d) => prompts.push(d.type()));
		const matched = () => p.evaluate(() => {
			const m = document.getElementById("matched");
			return m.classList.contains("hide") ? "" : m.textContent;
		});
		const icase = () => p.evaluate(() => document.getElementById("ignorecase").classList.contains("show"));
		const chord = async (mod, key) => {
			await p.keyboard.down(mod);
			await p.keyboard.press(key);
			await p.keyboard.up(mod);
		};
		await p.keyboard.press("F3");
		say("f3", await matched());
		await p.keyboard.press("Escape");
		say("escape", await matched());
		await chord("Control", "f");
		say("ctrlf", await matched());
		await chord("Control", "i");
		say("ctrli", (await icase()) + " " + await matched());
		await chord("Control", "i");
		await p.keyboard.press("Escape");
		await p.keyboard.press("/");
		say("slash", (await icase()) + " " + await matched());
		say("prompts", prompts.join(" "));
		const q = await p.evaluate(() => location.search);
		say("url", q);
		for (const extra of ["", "&i=1"]) {
			await p.goto(pathToFileURL(path.resolve(html)).href + q + extra);
			await p.waitForSelector("body[data-ready]");
			say("page", await p.$eval("#matched", (e) => e.textContent));
		}
	},
};

/* Case what on file, its lines to out, in browser (a launch of its own
 * when none is given): the page 1200 by 800, every request but the
 * navigation to a file refused. */
async function run(what, file, args, query, dark, out, browser) {
	sink = out;
	if (!cases[what]) throw new Error("no such case: " + what);
	const o = await open(path.resolve(file), query, { browser, files: true, ready: false, timeout: 60000 });
	try {
		await cases[what](o, ...args);
	} finally {
		say("requests", o.requests.length ? o.requests.join(" ") : "none");
		/* (a refused request's console error is told by requests=) */
		const errors = o.errors.filter((e) => e !== "Failed to load resource: net::ERR_FAILED");
		say("errors", errors.length ? errors.join(" | ") : "none");
		await o.close();
	}
}
module.exports = { run };

if (require.main === module) {
	const [what, file, ...args] = process.argv.slice(2);
	run(what, file, args, process.env.FG_QUERY || "", false, (l) => console.log(l))
		.catch((e) => { console.error(String(e && e.stack || e)); process.exit(1); });
}
