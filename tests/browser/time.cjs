/* time.cjs: fg-html's time mode in headless Chromium: the time axis and
 * the window in time chosen on it, one "key=value" line each, for
 * tests/fg-html-timeaxis.bats (cases as html.cjs's, run by server.cjs
 * with BROWSER_CASES=time).
 *
 *   node time.cjs CASE PAGE.html [ARG...]   (FG_QUERY: the page's query) */
"use strict";
const { driver, ondrawn } = require("./lib.cjs");

let sink = (line) => console.log(line);
function say(k, v) { sink(k + "=" + v); }
const settle = (p) => p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
	.then(() => new Promise((r) => setTimeout(r, 250)));
const idle = (p) => p.waitForFunction(() => !window.fg.busy(), { timeout: 120000, polling: 20 }).then(() => p.evaluate(() => window.fg.idle()));

/* the axis as the page has it: "axis=WxH", its span, its ticks, its
 * words; its box (x, y, w, h), and the heat map's when it shows */
async function axis(p, tag) {
	const a = await p.evaluate(() => {
		const x = window.fg.axis(), b = document.getElementById("axiscv").getBoundingClientRect(), h = document.getElementById("heat");
		return x && { x: b.left, y: b.top, w: b.width, h: b.height, a: x[0], b: x[1], total: x[2],
			ticks: x[3].map((t) => [t.px, t.label]), note: document.getElementById("axiswords").textContent,
			heat: h.style.display ? null : h.getBoundingClientRect().toJSON() };
	});
	if (!a) return say(tag + "axis", "none");
	say(tag + "axis", Math.round(a.w) + "x" + Math.round(a.h));
	say(tag + "span", a.a + " " + a.b + " " + a.total);
	a.ticks.forEach((t) => say(tag + "tick", t[0].toFixed(1) + " " + t[1]));
	say(tag + "note", a.note);
	return a;
}
/* each line of the file Save writes, as KEY=LINE */
async function saved(p, key) {
	const s = await p.evaluate(() => window.fg.folded());
	s.split("\n").slice(0, -1).forEach((l) => say(key, l));
}

const cases = {
	/* the axis at the full view; zoomed by a wheel (ARG: deltaY) about
	 * the canvas's middle; frame NAME's box (its left edge, its width,
	 * on the page) with each, and its tooltip */
	async axis(o, dy, name) {
		const p = o.page;
		const box = async (tag) => {
			const r = await p.evaluate((n) => window.fg.rect(window.fg.find(n)), name);
			say(tag + "box", r ? r.x.toFixed(1) + " " + r.w.toFixed(1) : "none");
		};
		const a = await axis(p, "");
		if (!a) return;
		say("axisx", a.x.toFixed(1));
		await box("");
		const c = await p.evaluate(() => { const b = document.getElementById("canvas").getBoundingClientRect(); return { x: b.left, y: b.top, w: b.width }; });
		await p.mouse.move(c.x + c.w / 2, c.y + 8);
		await p.mouse.wheel({ deltaY: +dy });
		await settle(p);
		say("url", await p.evaluate(() => location.search));
		await axis(p, "z");
		await box("z");
		if (name) {
			const r = await p.evaluate((n) => window.fg.rect(window.fg.find(n)), name);
			await p.mouse.move(r.x + Math.min(r.w / 2, 20), r.y + r.h / 2);
			await settle(p);
			(await p.$$eval("#tip > div", (ds) => ds.map((d) => d.className + ":" + d.textContent))).forEach((l) => say("tip", l));
			say("details", await p.$eval("#details", (e) => e.textContent));
		}
		if (process.env.FG_SHOT) await p.screenshot({ path: process.env.FG_SHOT });
	},
	/* a drag across the axis from share A to share B of its width: the
	 * URL, the axis, Save's file in the time mode, then in the graph
	 * and the table's rows; a double click: the whole again */
	async drag(o, a, b) {
		const p = o.page;
		const x = await axis(p, "");
		await p.mouse.move(x.x + x.w * a, x.y + x.h / 2);
		await p.mouse.down();
		await p.mouse.move(x.x + x.w * (+a + +b) / 2, x.y + x.h / 2);
		await p.mouse.move(x.x + x.w * b, x.y + x.h / 2);
		await p.mouse.up();
		await idle(p);
		await settle(p);
		say("url", await p.evaluate(() => location.search));
		await axis(p, "w");
		await saved(p, "timesaved");
		await p.evaluate(() => window.fg.mode(""));
		await idle(p);
		say("mode", await p.evaluate(() => window.fg.state.mode + " " + location.search));
		await saved(p, "graphsaved");
		say("matched", await p.evaluate(() => document.getElementById("matched") ? document.getElementById("matched").textContent : ""));
		await p.evaluate(() => window.fg.mode("table"));
		await idle(p);
		const rows = await p.$$eval("#table tbody tr", (trs) => trs.map((tr) => {
			const c = Array.from(tr.cells), v = (k) => c[k].getAttribute("data-v");
			return [v(0), v(2), c[c.length - 2].textContent, c[c.length - 1].textContent].join("\t");
		}));
		rows.forEach((r) => say("row", r));
		await p.evaluate(() => window.fg.mode("time"));
		await idle(p);
		await settle(p);
		const y = await axis(p, "back");
		await p.mouse.click(y.x + y.w / 2, y.y + y.h / 2, { clickCount: 2 });
		await idle(p);
		await settle(p);
		say("whole", await p.evaluate(() => location.search));
		if (process.env.FG_SHOT) await p.screenshot({ path: process.env.FG_SHOT });
	},
	/* the heat map (hm=1): the colour of each row of column COL ("r,g,b"
	 * a line), then a drag down that column from its first cell to its
	 * last: the URL and Save's file */
	async heat(o, col) {
		const p = o.page;
		const a = await axis(p, "");
		const h = a && a.heat;
		if (!h) return say("heat", "none");
		const cols = await p.evaluate(() => window.fg.state.heatcw);
		say("heat", Math.round(h.width) + "x" + Math.round(h.height) + " " + cols);
		const colours = await p.evaluate((col, cw) => {
			const c = document.getElementById("heat"), g = c.getContext("2d"), d = window.devicePixelRatio || 1, out = [];
			for (let r = 0; r < 50; r++) {
				const px = g.getImageData(Math.floor((col * cw + cw / 2) * d), Math.floor((r * 4 + 1.5) * d), 1, 1).data;
				out.push(px[0] + "," + px[1] + "," + px[2]);
			}
			return out;
		}, +col, cols);
		colours.forEach((c) => say("cell", c));
		await p.mouse.move(h.left + (+col + 0.5) * cols, h.top + 2);
		await p.mouse.down();
		await p.mouse.move(h.left + (+col + 0.5) * cols, h.top + 100);
		await p.mouse.move(h.left + (+col + 0.5) * cols, h.top + 198);
		await p.mouse.up();
		await idle(p);
		await settle(p);
		say("url", await p.evaluate(() => location.search));
		await saved(p, "timesaved");
		if (process.env.FG_SHOT) await p.screenshot({ path: process.env.FG_SHOT });
	},
	/* the idle time: each (idle) frame's box on the page ("gap=X W"),
	 * the axis; then the key i, which closes it ("closed" the axis and
	 * the (idle) frames left, Save's file), and again, which shows it */
	async gaps(o) {
		const p = o.page;
		const boxes = (tag) => ondrawn(p, (drawn) => {
			const out = [];
			drawn((i, r, v) => { if (window.fg.names[v.f[i]] === "(idle)") out.push(r.x.toFixed(2) + " " + r.w.toFixed(2)); });
			return out;
		}).then((bs) => bs.forEach((b) => say(tag, b)));
		const a = await axis(p, "");
		say("axisx", a.x.toFixed(1));
		await boxes("gap");
		say("button", await p.$eval("#idlebtn", (b) => b.style.display + ":" + b.textContent));
		for (const tag of ["closed", "shown"]) {
			await p.keyboard.press("i");
			await idle(p);
			await settle(p);
			say(tag + "url", await p.evaluate(() => location.search));
			await axis(p, tag);
			await boxes(tag + "gap");
			if (tag === "closed") await saved(p, "closedsaved");
			if (tag === "closed" && process.env.FG_SHOT) await p.screenshot({ path: process.env.FG_SHOT });
		}
	},
	/* the flame graph's minimap: shown or not ("mini=none" or "mini="),
	 * and the window's band on it (its inside, page pixels), at the
	 * whole view, then zoomed on frame NAME (its box in the whole view
	 * first), after a wheel over the graph, after a drag of the band by
	 * DX pixels (the window then, "win=X0 X1"), and after Escape */
	async mini(o, name, dx) {
		const p = o.page;
		const band = (tag) => p.evaluate(() => {
			const m = document.getElementById("mini"), c = document.getElementById("miniwin"), d = window.devicePixelRatio || 1;
			if (m.style.display === "none") return null;
			const row = c.getContext("2d").getImageData(0, Math.floor(20 * d), c.width, 1).data, r = c.getBoundingClientRect();
			let a = -1, b = -1;
			for (let x = 0; x < c.width; x++) if (row[4 * x + 3] === 0) { if (a < 0) a = x; b = x + 1; }
			return [r.left + a / d, r.left + b / d, r.top];
		}).then((b) => { say(tag, b ? "" : "none"); if (b) say(tag + "band", b[0].toFixed(1) + " " + b[1].toFixed(1)); return b; });
		const win = (tag) => p.evaluate(() => window.fg.state.x0 + " " + window.fg.state.x1).then((w) => say(tag, w));
		await band("mini");
		const r = await p.evaluate((n) => window.fg.rect(window.fg.find(n)), name);
		say("whole", r.x.toFixed(1) + " " + r.w.toFixed(1));
		await p.evaluate((n) => window.fg.zoom(window.fg.find(n)), name);
		await settle(p);
		await band("zmini");
		const c = await p.evaluate(() => { const b = document.getElementById("canvas").getBoundingClientRect(); return { x: b.left, y: b.top, w: b.width }; });
		await p.mouse.move(c.x + c.w / 2, c.y + 8);
		await p.mouse.wheel({ deltaY: -300 });
		await settle(p);
		await win("wwin");
		const b = await band("wmini");
		await p.mouse.move((b[0] + b[1]) / 2, b[2] + 20);
		await p.mouse.down();
		await p.mouse.move((b[0] + b[1]) / 2 + dx / 2, b[2] + 20);
		await p.mouse.move((b[0] + b[1]) / 2 + +dx, b[2] + 20);
		await p.mouse.up();
		await settle(p);
		await win("dwin");
		await band("dmini");
		say("url", await p.evaluate(() => location.search));
		if (process.env.FG_SHOT) await p.screenshot({ path: process.env.FG_SHOT });
		await p.keyboard.press("Escape");
		await settle(p);
		await band("emini");
	},
};

module.exports = { run: driver(cases, say, (out) => { sink = out; }, module) };
