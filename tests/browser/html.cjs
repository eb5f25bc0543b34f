/* html.cjs: drive an fg-html page in headless Chromium and print what a
 * user would see, one "key=value" line each, for tests/fg-html.bats and
 * fg-html-page.bats to check against figures it derives from the input.
 *
 *   node html.cjs CASE PAGE.html [ARG...]
 *
 * (FG_QUERY: the page's query, FG_DARK=1: the system prefers dark), or
 * through run() in server.cjs, in a browser shared by many cases.
 * Every case also prints requests= (the requests that tried to leave
 * the page, refused), errors= (script errors), dialogs= (alerts) and
 * workers= (the page's workers). */
"use strict";
const { hoverName, driver, dragaxis, ondrawn } = require("./lib.cjs");

/* where say's lines go: standard output, or the case's connection */
let sink = (line) => console.log(line);
function say(k, v) { sink(k + "=" + v); }
const text = (page, sel) => page.$eval(sel, (e) => e.textContent);

/* Each frame fg.rect says is on screen (4 px wide or more) with the
 * colour painted in its box at (in, in) px from its corner: "i r g b a"
 * lists, the canvas read back once (a read a frame costs a flush each). */
function boxpixels(page, inset) {
	return ondrawn(page, (drawn, inset) => {
		const c = document.getElementById("canvas");
		const b = c.getBoundingClientRect(), dpr = window.devicePixelRatio || 1;
		const px = c.getContext("2d").getImageData(0, 0, c.width, c.height).data, out = [];
		drawn((i, r) => {
			if (r.w < 4) return;
			const x = Math.floor((r.x - b.left + inset) * dpr), y = Math.floor((r.y - b.top + inset) * dpr);
			const k = x >= 0 && y >= 0 && x < c.width && y < c.height ? 4 * (y * c.width + x) : -1;
			out.push(k < 0 ? [i, 0, 0, 0, 0] : [i, px[k], px[k + 1], px[k + 2], px[k + 3]]);
		});
		return out;
	}, inset);
}
const hex = (q) => "#" + [q[1], q[2], q[3]].map((x) => x.toString(16).padStart(2, "0")).join("");

/* How many of the frames on screen have their box painted at that
 * place, of how many: a blank canvas gives 0 of N. */
async function painted(page) {
	const q = await boxpixels(page, 2);
	return q.filter((e) => e[4] > 0).length + " of " + q.length;
}
const frames2 = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/* View v's frames, one "depth name width [baseline]" line each. */
function frames(v) {
	const out = [];
	for (let i = 0; v && i < v.n; i++)
		out.push(v.depth[i] + " " + window.fg.names[v.f[i]] + " " + v.w[i] + (v.b ? " " + v.b[i] : ""));
	return out;
}

const cases = {
	/* hover frame ARG: the tooltip's lines */
	async hover(o, name) {
		await hoverName(o.page, name);
		const lines = await o.page.$$eval("#tip > div", (ds) => ds.map((d) => d.className + ":" + d.textContent));
		lines.forEach((l) => say("tip", l));
		say("tipshown", await o.page.$eval("#tip", (e) => getComputedStyle(e).display !== "none"));
	},
	/* scroll to the far end of a deep graph and hover frame ARG there */
	async deep(o, name) {
		const p = o.page;
		say("canvasheight", await p.evaluate(() => document.getElementById("canvas").height));
		say("before", await p.evaluate((n) => window.fg.rect(window.fg.find(n)) !== null, name));
		await p.evaluate(() => { document.getElementById("box").scrollTop = 0; });
		await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
		await hoverName(p, name);
		say("tipname", await p.$eval("#tip .name", (e) => e.textContent));
	},
	/* the sandwich's callers scrolled to their top: the canvas's height,
	 * and the card of the frame in the top row */
	async deepcallers(o) {
		const p = o.page;
		say("callersheight", await p.evaluate(() => document.getElementById("callers").height));
		await p.evaluate(() => { document.getElementById("callersbox").scrollTop = 0; });
		await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
		const r = await p.evaluate(() => { const b = document.getElementById("callersbox").getBoundingClientRect(); return { x: b.left, y: b.top }; });
		await p.mouse.move(r.x + 20, r.y + 5);
		say("tipname", await p.$eval("#tip .name", (e) => e.textContent));
	},
	/* the card of the sandwich's first caller (the row above its function) */
	async callerhover(o) {
		const p = o.page;
		const r = await p.evaluate(() => {
			const b = document.getElementById("callersbox").getBoundingClientRect();
			const fh = (parseFloat(document.getElementById("callsheet").style.height) - 2) / (window.fg.callers().maxdepth + 1);
			return { x: b.left + 20, y: b.bottom - 2 - 1.5 * fh };
		});
		await p.mouse.move(r.x, r.y);
		const lines = await p.$$eval("#tip > div", (ds) => ds.map((d) => d.className + ":" + d.textContent));
		lines.forEach((l) => say("tip", l));
	},
	/* click frame ARG: the breadcrumb and the URL; then Esc */
	async zoom(o, name) {
		const p = o.page;
		await hoverName(p, name);
		const r = await p.evaluate((n) => window.fg.rect(window.fg.find(n)), name);
		await p.mouse.click(r.x + Math.min(r.w / 2, 20), r.y + r.h / 2);
		say("crumbs", await text(p, "#crumbs"));
		say("url", await p.evaluate(() => location.search));
		const w = await p.evaluate((n) => window.fg.rect(window.fg.find(n)).w, name);
		say("zoomedwidth", Math.round(w));
		say("canvaswidth", await p.evaluate(() => Math.round(parseFloat(document.getElementById("canvas").style.width))));
		await hoverName(p, name);
		const lines = await p.$$eval("#tip > div", (ds) => ds.map((d) => d.textContent));
		say("tipcount", lines.find((l) => / of all/.test(l)));
		await p.keyboard.press("Escape");
		say("afteresc", await text(p, "#crumbs"));
		say("urlafter", await p.evaluate(() => location.search));
	},
	/* the search state as loaded (from the URL), then typed: ARG */
	async search(o, term) {
		const p = o.page;
		say("matched", await text(p, "#matched"));
		say("field", await p.$eval("#search", (e) => e.value));
		say("msg", await text(p, "#searchmsg"));
		say("msgtitle", await p.$eval("#searchmsg", (e) => e.title));
		say("zoom", await p.evaluate(() => window.fg.state.z));
		if (term) {
			await p.keyboard.press("/");
			await p.keyboard.type(term);
			say("typed", await text(p, "#matched"));
			say("url", await p.evaluate(() => location.search));
			await p.click("#case");
			say("icase", await text(p, "#matched"));
			/* Ctrl-I toggles the case back, as in fg-svg's image */
			await p.keyboard.down("Control");
			await p.keyboard.press("i");
			await p.keyboard.up("Control");
			say("ctrli", await text(p, "#matched"));
			await p.keyboard.down("Control");
			await p.keyboard.press("f");
			await p.keyboard.up("Control");
			say("ctrlf", await p.evaluate(() => document.activeElement.id));
			await p.keyboard.press("Escape");
			say("afteresc", await text(p, "#matched"));
			await p.keyboard.press("F3");
			say("f3", await p.evaluate(() => document.activeElement.id));
		}
		/* a highlighted frame is drawn in the search colour */
		const match = await p.evaluate(() => window.fg.data.match);
		say("highlighted", (await boxpixels(p, 2)).filter((q) => hex(q) === match).length);
	},
	/* the views in the selector; choose view ARG */
	async views(o, which) {
		const p = o.page;
		const names = await p.$$eval("#view option", (os) => os.map((x) => x.textContent));
		names.forEach((n) => say("view", n));
		if (which != null) {
			await p.select("#view", String(which));
			say("current", await p.evaluate(() => window.fg.view().name));
			say("root", await p.evaluate(() => window.fg.view().w[0]));
			say("url", await p.evaluate(() => location.search));
			await frames2(p);
			say("painted", await painted(p));
			say("scrolltop", await p.evaluate(() => document.getElementById("box").scrollTop));
		}
	},
	/* a comparison (cmp=) as shown: its banner, key, controls' word,
	 * why not, the sandwich's line, whether the root is drawn within
	 * noise; every frame "depth name width
	 * baseline colour" (and a sandwich's callers' as "caller"); then
	 * each of ARG's steps ("x": the flip key, "e": the elided view's
	 * button, "n": the Negate toggle), each followed by the same
	 * lines; FG_SHOT: a screenshot after each, FG_SHOT-K.png */
	async cmp(o, steps) {
		const p = o.page;
		const show = async (k) => {
			say("compare", await text(p, "#compare"));
			say("legend", (await p.$$eval("#legend span", (s) => s.map((x) => x.textContent))).join("|"));
			say("flip", await p.$eval("#flipbtn", (b) => b.textContent).catch(() => ""));
			say("why", await p.$eval("#cmpwhy", (b) => b.textContent).catch(() => ""));
			say("banner", await text(p, "#elided"));
			say("zoomed", await p.evaluate(() => { const v = window.fg.view(); return window.fg.state.z ? window.fg.names[v.f[window.fg.state.z]] : ""; }));
			say("matched", await text(p, "#matched"));
			say("url", await p.evaluate(() => location.search));
			say("sandinfo", await text(p, "#sandinfo"));
			say("rootnoisy", await p.evaluate(() => window.fg.view().n ? window.fg.noisy(0) : ""));
			for (const k of ["frame", "caller"])
				(await p.evaluate((k) => {
					const v = k === "frame" ? window.fg.view() : window.fg.callers(), out = [];
					for (let i = 0; v && i < v.n; i++) {
						const c = window.fg.color(i, v);
						out.push(v.depth[i] + " " + window.fg.names[v.f[i]] + " " + v.w[i] + (v.b ? " " + v.b[i] : "") +
							" " + (c == null ? "" : window.fg.data.colors[c]));
					}
					return out;
				}, k)).forEach((l) => say(k, l));
			if (process.env.FG_SHOT) {
				await frames2(p);
				await p.screenshot({ path: process.env.FG_SHOT + "-" + k + ".png" });
			}
			say("end", k);
		};
		await show(0);
		for (const [k, s] of Array.from(steps || "").entries()) {
			if (s === "x") await p.keyboard.press("x");
			else if (s === "e") await p.click("#elidedbtn");
			else if (s === "n") await p.click("#cnegbtn");
			await p.evaluate(() => window.fg.idle());
			await show(k + 1);
		}
	},
	/* the elided banner; open the elided view */
	async elided(o) {
		const p = o.page;
		say("banner", await text(p, "#elided"));
		say("visible", await p.$eval("#elided", (e) => getComputedStyle(e).display !== "none"));
		const btn = await p.$("#elidedbtn");
		if (!btn) return;
		await btn.click();
		say("elided", await p.evaluate(() => window.fg.state.elided));
		say("root", await p.evaluate(() => window.fg.view().w[0]));
		say("frames", await p.evaluate(() => window.fg.view().n));
		say("url", await p.evaluate(() => location.search));
		await frames2(p);
		say("painted", await painted(p));
	},
	/* the sort toggle: frame ARG's left edge before and after */
	async sort(o, name) {
		const p = o.page;
		const x = async () => Math.round(await p.evaluate((n) => window.fg.rect(window.fg.find(n)).x -
			document.getElementById("canvas").getBoundingClientRect().left, name));
		say("before", await x());
		await p.click("#sort");
		say("after", await x());
		say("url", await p.evaluate(() => location.search));
		await p.click("#mode");
		say("inverted", await p.evaluate(() => window.fg.state.inverted));
	},
	/* frame ARG's label: its pixels near white and near black, and the
	 * fill (sampled in the box's bottom row, under the text) */
	async label(o, name) {
		const r = await o.page.evaluate((n) => {
			const c = document.getElementById("canvas"), b = c.getBoundingClientRect();
			const box = window.fg.rect(window.fg.find(n)), dpr = window.devicePixelRatio || 1;
			const x = Math.ceil((box.x - b.left + 1) * dpr), y = Math.ceil((box.y - b.top + 1) * dpr);
			const w = Math.floor((box.w - 2) * dpr), h = Math.floor((box.h - 2) * dpr);
			const px = c.getContext("2d").getImageData(x, y, w, h).data;
			let white = 0, black = 0;
			for (let k = 0; k < px.length; k += 4) {
				if (px[k] >= 230 && px[k + 1] >= 230 && px[k + 2] >= 230) white++;
				if (px[k] <= 25 && px[k + 1] <= 25 && px[k + 2] <= 25) black++;
			}
			const f = px.slice((h - 1) * w * 4, (h - 1) * w * 4 + 3);
			return { white, black, fill: "#" + Array.from(f).map((v) => v.toString(16).padStart(2, "0")).join("") };
		}, name);
		say("white", r.white);
		say("black", r.black);
		say("fill", r.fill);
	},
	/* nothing but load: the DOM's elements that could run or fetch */
	async load(o) {
		const p = o.page;
		say("title", await p.title());
		say("h1", await text(p, "h1"));
		say("subtitle", await text(p, "#subtitle"));
		say("scripts", await p.$$eval("script", (s) => s.length));
		say("injected", await p.$$eval("img, iframe, object, embed, link", (s) => s.length));
		say("canvas", await p.evaluate(() => document.getElementById("canvas").style.width + "x" +
			document.getElementById("box").style.height));
		say("legend", await text(p, "#legend"));
		say("compare", await text(p, "#compare"));
	},
	/* the title and the sort button as they are, after a click on the
	 * sort button, and after one on the mode button */
	async buttons(o) {
		const p = o.page;
		say("inverted", await p.evaluate(() => window.fg.state.inverted));
		const now = async (k) => say(k, [await text(p, "h1"), await p.title(), await text(p, "#sort")].join("|"));
		await now("open");
		await p.click("#sort");
		await now("sorted");
		await p.click("#mode");
		await now("moded");
		say("url", await p.evaluate(() => location.search));
	},
	/* frame ARG's edge: the darkest channel of its first two pixel
	 * columns at mid-height, and its fill inside (4 px in, on the
	 * bottom row, under no label) */
	async edge(o, name) {
		const r = await o.page.evaluate((n) => {
			const c = document.getElementById("canvas"), b = c.getBoundingClientRect();
			const box = window.fg.rect(window.fg.find(n)), dpr = window.devicePixelRatio || 1;
			const g = c.getContext("2d"), x = Math.round((box.x - b.left) * dpr);
			const y = Math.round((box.y - b.top + box.h / 2) * dpr);
			const e = g.getImageData(x, y, 2, 1).data;
			const f = g.getImageData(x + 4 * dpr, Math.round((box.y - b.top + box.h - 3) * dpr), 1, 1).data;
			return { edge: Math.min(e[0], e[1], e[2], e[4], e[5], e[6]),
				fill: "#" + [f[0], f[1], f[2]].map((v) => v.toString(16).padStart(2, "0")).join("") };
		}, name);
		say("edge", r.edge);
		say("fill", r.fill);
	},
	/* the mode as loaded (from the URL): its title, URL, the frames of
	 * its view (and of the sandwich's callers), the sandwich's line */
	async mode(o) {
		const p = o.page;
		say("h1", await text(p, "h1"));
		say("url", await p.evaluate(() => location.search));
		say("sandinfo", await text(p, "#sandinfo"));
		say("notice", await text(p, "#notice"));
		say("unpacking", await p.evaluate(() => document.getElementById("unpacking") !== null));
		const f = await p.evaluate("(" + frames.toString() + ")(window.fg.view())");
		f.forEach((l) => say("frame", l));
		const c = await p.evaluate("(" + frames.toString() + ")(window.fg.callers())");
		c.forEach((l) => say("caller", l));
		if (f.length) say("painted", await painted(p));
	},
	/* each frame drawn, "depth x name", x the left of its box in CSS
	 * pixels, rounded */
	async boxes(o) {
		const b = await ondrawn(o.page, (drawn) => {
			const out = [];
			drawn((i, r, v) => out.push(v.depth[i] + " " + Math.round(r.x) + " " + window.fg.names[v.f[i]]));
			return out;
		});
		b.forEach((l) => say("box", l));
	},
	/* each frame on screen's fill as painted, "name #rrggbb", read off
	 * the canvas inside its box */
	async fills(o) {
		const f = await boxpixels(o.page, 1.5);
		const names = await o.page.evaluate((is) => is.map((i) => window.fg.names[window.fg.view().f[i]]), f.map((q) => q[0]));
		f.forEach((q, k) => say("fill", names[k] + " " + hex(q)));
	},
	/* the button a search of one function offers: shown, its size, its
	 * text; then clicked */
	async onematch(o) {
		const p = o.page;
		const b = await p.$eval("#onematch", (e) => {
			const r = e.getBoundingClientRect();
			return getComputedStyle(e).display !== "none" && r.width > 0 && r.height > 0 ? e.textContent : "";
		});
		say("onematch", b);
		if (!b) return;
		await p.click("#onematch");
		say("clicked", await p.evaluate(() => window.fg.state.mode + " " + window.fg.state.fn));
	},
	/* the function table (m=table): every row as "self total flags name",
	 * or with ARG "diff", "self total btotal dtotal flags name", the
	 * numbers from the cells' data-v; then a click on row 1 */
	/* views 0 and 1 compared through the selectors, once the page is
	 * idle: whether a worker did it, the progress line's words as they
	 * came, whether view 1's fields were lent to the worker (their bytes
	 * gone with it) or decoded here; then the comparison's table, its
	 * rows as table's diff gives them */
	async cmpwork(o) {
		const p = o.page;
		await p.evaluate(() => window.fg.idle());
		say("worker", await p.evaluate(() => window.fg.worker()));
		await p.evaluate(() => {
			const e = document.getElementById("progress");
			window.seen = [];
			new MutationObserver(() => window.seen.push(e.textContent)).observe(e, { childList: true, characterData: true, subtree: true });
			document.getElementById("cmpb").value = "0";
			const t = document.getElementById("cmpt");
			t.value = "1";
			t.onchange();
		});
		await p.evaluate(() => window.fg.idle());
		(await p.evaluate(() => window.seen)).forEach((x) => say("progress", x));
		say("lent", await p.evaluate(() => {
			const d = window.fg.data.views[1].d;
			return d === null ? "decoded here" : d.byteLength === 0 ? "lent" : "kept";
		}));
		say("compare", await text(p, "#compare"));
		await p.evaluate(() => window.fg.mode("table"));
		await p.evaluate(() => window.fg.idle());
		if (await p.$("#tableall")) await p.click("#tableall");
		(await p.$$eval("#table tbody tr", (trs) => trs.map((tr) => {
			const c = Array.from(tr.cells), v = (k) => c[k].getAttribute("data-v");
			return [v(0), v(2), v(7), v(8), c[c.length - 2].textContent + "\t" + c[c.length - 1].textContent].join("\t");
		}))).forEach((r) => say("row", r));
	},
	async table(o, diff) {
		const p = o.page;
		say("h1", await text(p, "h1"));
		say("headings", (await p.$$eval("#table th", (t) => t.map((x) => x.textContent))).join("|"));
		say("more", await p.$eval("#table", (t) => t.querySelector("#tableall") ? t.querySelector("#tableall").textContent : ""));
		if (await p.$("#tableall")) await p.click("#tableall");
		const rows = await p.$$eval("#table tbody tr", (trs, d) => trs.map((tr) => {
			const c = Array.from(tr.cells), v = (k) => c[k].getAttribute("data-v");
			const tail = c[c.length - 2].textContent + "\t" + c[c.length - 1].textContent;
			return d ? [v(0), v(2), v(7), v(8), tail].join("\t") : [v(0), v(2), tail].join("\t");
		}), !!diff);
		say("rows", rows.length);
		rows.forEach((r) => say("row", r));
		/* a comparison's: each row's Noise, "name<TAB>words" */
		const heads = await p.$$eval("#table th", (t) => t.map((x) => x.textContent.replace(/ [\u25b2\u25bc]$/, "")));
		if (heads.includes("Noise")) (await p.$$eval("#table tbody tr", (trs, k) => trs.map((tr) =>
			tr.cells[tr.cells.length - 1].textContent + "\t" + tr.cells[k].textContent), heads.indexOf("Noise"))).forEach((r) => say("noiserow", r));
		/* differential: each row's baseline self, "name<TAB>count" */
		if (diff) (await p.$$eval("#table tbody tr", (trs) => trs.map((tr) =>
			tr.cells[tr.cells.length - 1].textContent + "\t" + tr.cells[4].getAttribute("data-v")))).forEach((r) => say("bself", r));
		/* the keyboard sorts as the mouse does: Enter, then Space, on
		 * the first heading (Self) turn its order round and back; the
		 * heading keeps the focus */
		const sortkey = async (key) => {
			await p.keyboard.press(key);
			return await p.$eval("#table thead th:nth-child(1)", (th) =>
				th.getAttribute("aria-sort") + (document.activeElement === th ? " focused" : ""));
		};
		await p.focus("#table thead th:nth-child(1)");
		say("keysort", await sortkey("Enter") + "|" + await sortkey(" "));
		await p.click("#table thead th:nth-child(3)");
		say("firstbytotal", await p.$eval("#table tbody tr", (tr) => tr.cells[tr.cells.length - 1].textContent));
		await p.click("#table tbody tr");
		say("clicked", await p.evaluate(() => window.fg.state.mode + " " + window.fg.state.fn));
		say("url", await p.evaluate(() => location.search));
	},
	/* the transforms as loaded (from the URL): the chips, and the view
	 * saved as folded, one "line=" each; the link that saves it; then
	 * the last chip removed */
	async saved(o) {
		const p = o.page;
		say("chips", (await p.$$eval("#chips .chip", (cs) => cs.map((c) => c.firstChild.textContent))).join("|"));
		say("empty", await text(p, "#empty"));
		say("chipmsg", (await p.$$eval("#chips .chip .bad", (cs) => cs.map((c) => c.textContent + " (" + c.title + ")"))).join("|"));
		(await p.evaluate(() => window.fg.folded())).split("\n").filter((l) => l).forEach((l) => say("line", l));
		say("download", await p.$eval("#save", (a) => a.getAttribute("download")));
		say("href", await p.evaluate(() => { const a = document.getElementById("save"); a.onclick(); return a.href.split(":")[0]; }));
		const n = (await p.$$("#chips .chip button")).length;
		if (n) {
			await p.click("#chips .chip:last-child button");
			say("after", await p.evaluate(() => location.search));
		}
	},
	/* the Transform menu's kind ARG chosen: the URL, the chips, the view
	 * saved, one "line=" each */
	async txmenu(o, kind) {
		const p = o.page;
		await p.select("#txmenu", kind);
		say("url", await p.evaluate(() => location.search));
		say("chips", (await p.$$eval("#chips .chip", (cs) => cs.map((c) => c.textContent))).join("|"));
		(await p.evaluate(() => window.fg.folded())).split("\n").filter((l) => l).forEach((l) => say("line", l));
	},
	/* a transform of kind ARG2 chosen from the menu with the search
	 * loaded from the URL stepped twice (Enter, Enter) and the pointer
	 * resting on frame ARG: the search's share, its place and the card,
	 * before and after, and the next Enter after */
	async stale(o, name, kind) {
		const p = o.page;
		const tipname = () => p.evaluate(() => getComputedStyle(document.getElementById("tip")).display === "none" ? "-" :
			document.querySelector("#tip .name").textContent);
		await p.focus("#search");
		await p.keyboard.press("Enter");
		await p.keyboard.press("Enter");
		await hoverName(p, name);
		say("before", [await text(p, "#matched"), await text(p, "#matchpos"), await tipname()].join("|"));
		await p.select("#txmenu", kind);
		say("after", [await text(p, "#matched"), await text(p, "#matchpos"), await tipname()].join("|"));
		say("under", await p.evaluate(() => { const v = window.fg.view(), i = window.fg.state.hover; return i >= 0 ? window.fg.names[v.f[i]] : "-"; }));
		await p.focus("#search");
		await p.keyboard.press("Enter");
		say("next", await text(p, "#matchpos"));
		say("url", await p.evaluate(() => location.search));
	},
	/* stepping through the matches of the search loaded from the URL:
	 * Enter, Enter, Shift+Enter in the field, then n, N; then an
	 * invalid regex typed */
	async steps(o) {
		const p = o.page;
		const pos = async (k) => say(k, (await text(p, "#matchpos")) + " z=" + (await p.evaluate(() => window.fg.state.z)));
		await p.focus("#search");
		await p.keyboard.press("Enter");
		await pos("enter1");
		await p.keyboard.press("Enter");
		await pos("enter2");
		await p.keyboard.down("Shift");
		await p.keyboard.press("Enter");
		await p.keyboard.up("Shift");
		await pos("shiftenter");
		await p.evaluate(() => document.getElementById("search").blur());
		await p.keyboard.press("n");
		await pos("n");
		await p.keyboard.press("N");
		await pos("N");
		await p.keyboard.press("Escape");
		await pos("esc");
		await p.focus("#search");
		await p.keyboard.press("End");
		await p.keyboard.type("(");
		say("message", await text(p, "#searchmsg"));
		say("bad", await p.$eval("#search", (e) => e.className));
	},
	/* the keys, from the canvas focused: each key ARG (a list split by
	 * spaces), and after it the selected frame's name, the zoomed
	 * frame's, the mode */
	async keys(o, list) {
		const p = o.page;
		await p.focus("#canvas");
		for (const k of list.split(" ")) {
			await p.keyboard.press(k);
			say(k, await p.evaluate(() => {
				const v = window.fg.view(), s = window.fg.sel(), n = window.fg.names;
				return (s >= 0 ? n[v.f[s]] : "-") + " " + n[v.f[window.fg.state.z]] + " " +
					(window.fg.state.mode || "graph") + " " + (document.activeElement.id || "-");
			}));
		}
		say("direction", await p.evaluate(() => window.fg.state.inverted + " " + location.search));
		/* what the page said, and the card of the keyboard's frame */
		say("notice", await text(p, "#notice"));
		say("details", await text(p, "#details"));
		say("tipshown", await p.$eval("#tip", (e) => getComputedStyle(e).display !== "none"));
	},
	/* the breadcrumb from the keyboard: its links are in the Tab order,
	 * and Enter on the first (the root's) zooms out */
	async crumbkey(o) {
		const p = o.page;
		say("crumbtabs", (await p.$$eval("#crumbs a:not(.source)", (as) => as.map((a) => a.tabIndex))).join(" "));
		await p.focus("#crumbs a");
		await p.keyboard.press("Enter");
		say("crumbzoom", await p.evaluate(() => window.fg.state.z));
	},
	/* focus is visible: the outline of a button focused by Tab */
	async focus(o) {
		const p = o.page;
		await p.keyboard.press("Tab");
		say("focused", await p.evaluate(() => document.activeElement.id));
		say("outline", await p.evaluate(() => {
			const c = getComputedStyle(document.activeElement);
			return c.outlineStyle + " " + c.outlineWidth;
		}));
	},
	/* the lowest contrast of text on its background over the page's
	 * elements, as loaded and with the theme toggled; and the canvas's
	 * background */
	async contrast(o) {
		const p = o.page;
		const worst = () => p.evaluate(() => {
			function rgb(s) { const m = s.match(/[\d.]+/g).map(Number); return m; }
			function lum(c) {
				const l = c.slice(0, 3).map((x) => { x /= 255; return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
				return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
			}
			function bg(e) {
				for (; e; e = e.parentElement) {
					const c = rgb(getComputedStyle(e).backgroundColor);
					if (c.length < 4 || c[3] > 0) return c;
				}
				return [255, 255, 255];
			}
			let min = 99, what = "";
			document.querySelectorAll("h1, button, select, input, #crumbs a, #crumbs, #matched, #compare, #compare span, #save, .chip, th, td, #details, #sandinfo").forEach((e) => {
				if (!e.textContent && e.tagName !== "INPUT") return;
				const a = lum(rgb(getComputedStyle(e).color)), b = lum(bg(e));
				const r = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
				if (r < min) { min = r; what = e.id || e.tagName; }
			});
			return min.toFixed(2) + " " + what + " " + getComputedStyle(document.body).backgroundColor;
		});
		say("loaded", await worst());
		await p.click("#theme");
		say("toggled", await worst());
		say("url", await p.evaluate(() => location.search));
	},
	/* frame ARG's source link: in its card, opened by a Ctrl-click (the
	 * page's window.open caught), and beside the breadcrumb once zoomed */
	async source(o, name) {
		const p = o.page;
		await hoverName(p, name);
		say("card", await p.$$eval("#tip .source a", (a) => a.map((x) => x.getAttribute("href")).join(" ")));
		await p.evaluate(() => { window.open = (u) => { window.opened = u; return null; }; });
		const r = await p.evaluate((n) => window.fg.rect(window.fg.find(n)), name);
		await p.keyboard.down("Control");
		await p.mouse.click(r.x + Math.min(r.w / 2, 20), r.y + r.h / 2);
		await p.keyboard.up("Control");
		say("opened", await p.evaluate(() => window.opened || ""));
		say("zoom", await p.evaluate(() => window.fg.state.z));
		await p.mouse.click(r.x + Math.min(r.w / 2, 20), r.y + r.h / 2);
		say("crumb", await p.$$eval("#crumbs a.source", (a) => a.map((x) => x.getAttribute("href")).join(" ")));
	},
	/* the time mode as loaded: the title, URL, the notice, whether the
	 * Time button is on or can be, and each frame's box "NAME X W"
	 * (canvas pixels, rounded); then the graph and back, by the key c */
	async time(o) {
		const p = o.page;
		const boxes = () => ondrawn(p, (drawn) => {
			const c = document.getElementById("canvas").getBoundingClientRect(), out = [];
			drawn((i, r, v) => out.push(window.fg.names[v.f[i]] + " " + Math.round(r.x - c.left) + " " + Math.round(r.w)));
			return out;
		});
		say("h1", await text(p, "h1"));
		say("url", await p.evaluate(() => location.search));
		say("notice", await text(p, "#notice"));
		say("timebtn", await p.$eval("#timebtn", (b) => (b.disabled ? "disabled" : "enabled") + " " + (b.className || "off")));
		(await boxes()).forEach((b) => say("box", b));
		say("painted", await painted(p));
		await p.focus("#canvas");
		await p.keyboard.press("c");
		await p.evaluate(() => window.fg.idle());
		say("afterc", await p.evaluate(() => (window.fg.state.mode || "graph") + " " + location.search));
		await p.keyboard.press("c");
		await p.evaluate(() => window.fg.idle());
		say("againc", await p.evaluate(() => (window.fg.state.mode || "graph") + " " + location.search));
	},
	/* navigation: the URL's window as loaded; a wheel (ARG: deltaY)
	 * with the pointer at 3/4 of the canvas on the frame named NAME, the
	 * URL and the frame under the pointer after it; a drag 100 px left;
	 * a press on the minimap's middle and a drag of it 60 px right */
	async nav(o, dy, name) {
		const p = o.page;
		const url = () => p.evaluate(() => location.search);
		const settle = async () => { await frames2(p); await new Promise((r) => setTimeout(r, 250)); };
		/* the frames drawn at x, a row after another, from the root's callee */
		const under = (x) => ondrawn(p, (drawn, x) => {
			const out = [];
			drawn((i, r, v) => { if (i > 0 && x >= r.x && x < r.x + r.w) out[v.depth[i]] = window.fg.names[v.f[i]]; });
			return out.slice(1).join(";");
		}, x);
		say("loaded", await url());
		const r = await p.evaluate((n) => window.fg.rect(window.fg.find(n)), name);
		const c = await p.evaluate(() => { const b = document.getElementById("canvas").getBoundingClientRect(); return { x: b.left, w: b.width }; });
		say("box", r ? Math.round(r.x - c.x) + " " + Math.round(r.w) : "none");
		const x = c.x + 0.75 * c.w, y = r.y + r.h / 2;
		say("before", await under(x));
		await p.mouse.move(x, y);
		await p.mouse.wheel({ deltaY: +dy });
		await settle();
		say("wheel", await url());
		say("after", await under(x));
		await p.mouse.move(x, y);
		await p.mouse.down();
		await p.mouse.move(x - 50, y);
		await p.mouse.move(x - 100, y);
		await p.mouse.up();
		await settle();
		say("drag", await url());
		say("zoomed", await p.evaluate(() => window.fg.state.z));
		const m = await p.evaluate(() => {
			const e = document.getElementById("mini");
			if (!e || getComputedStyle(e).display === "none") return null;
			const b = e.getBoundingClientRect();
			return { x: b.left, y: b.top, w: b.width, h: b.height };
		});
		say("minimap", m ? Math.round(m.w) + "x" + Math.round(m.h) : "none");
		if (!m) return;
		await p.mouse.click(m.x + m.w / 2, m.y + m.h / 2);
		await settle();
		say("minipress", await url());
		await p.mouse.move(m.x + m.w / 2, m.y + m.h / 2);
		await p.mouse.down();
		await p.mouse.move(m.x + m.w / 2 + 30, m.y + m.h / 2);
		await p.mouse.move(m.x + m.w / 2 + 60, m.y + m.h / 2);
		await p.mouse.up();
		await settle();
		say("minidrag", await url());
		if (process.env.FG_SHOT) await p.screenshot({ path: process.env.FG_SHOT });
	},
	/* every mode (and a transform) switched to from the graph: each one
	 * drawn, "MODE=K of N" boxes painted, or the table's rows */
	async allmodes(o) {
		const p = o.page;
		const idle = () => p.waitForFunction(() => !(window.fg.busy && window.fg.busy()), { timeout: 120000, polling: 20 });
		const fn = await p.evaluate(() => {
			const v = window.fg.view();
			let big = 1;
			for (let c = 1; c < v.n; c = v.end[c]) if (v.w[c] > v.w[big]) big = c;
			return window.fg.names[v.f[big]];
		});
		const ids = await p.evaluate(() => window.fg.modes());
		for (const m of ids) {
			await p.evaluate((m, fn) => (m === "sandwich" ? window.fg.sandwich(fn) : window.fg.mode(m)), m, fn);
			await idle();
			await frames2(p);
			say("mode" + (m || "graph"), await p.evaluate(() => window.fg.state.mode || "graph"));
			if (m === "table") say(m, await p.$$eval("#table tbody tr", (t) => t.length) + " rows");
			else say(m || "graph", await painted(p));
			if (m) await p.evaluate((m) => window.fg.mode(m), m);
			await idle();
		}
		await p.evaluate(() => { window.fg.state.tx.push(["rec", ""]); window.fg.mode(""); });
		await idle();
		await frames2(p);
		say("rec", await painted(p));
	},
	/* a transform done by the worker, with its table's rows (all of
	 * them: "row" lines as table's), then undone: the view it made
	 * empty (its memory given back), the graph drawn; the page's
	 * workers as it opened (the driver says them after) */
	async letgo(o) {
		const p = o.page;
		const idle = () => p.evaluate(() => window.fg.idle());
		say("workers", p.workers().length);
		await p.evaluate(() => { window.fg.state.tx.push(["rec", ""]); window.fg.mode(""); });
		await idle();
		say("worker", await p.evaluate(() => window.fg.worker()));
		say("kept", await p.evaluate(() => { window.kept = window.fg.view(); return window.kept.f.length; }));
		await p.evaluate(() => window.fg.mode("table"));
		await idle();
		if (await p.$("#tableall")) await p.click("#tableall");
		(await p.$$eval("#table tbody tr", (trs) => trs.map((tr) => {
			const c = Array.from(tr.cells);
			return [c[0].getAttribute("data-v"), c[2].getAttribute("data-v"), c[c.length - 2].textContent,
				c[c.length - 1].textContent].join("\t");
		}))).forEach((r) => say("row", r));
		await p.evaluate(() => { window.fg.state.tx.pop(); window.fg.mode(""); });
		await idle();
		await frames2(p);
		say("gone", await p.evaluate(() => window.kept.f.length + " " + window.kept.w.length + " " + window.kept.end.length));
		say("graph", await painted(p));
	},
	/* a link against a click: from the bare page, ACT ("mode:M",
	 * "sandwich": of the root's widest callee, "tx:KIND:ARG", "drag":
	 * the time axis's middle quarter dragged, a window), its URL
	 * ("url") and what it shows (the saved view's hash, "clicked");
	 * then that URL opened afresh: the progress line's words meanwhile
	 * ("progress", each once), the mode, and what it shows ("linked") */
	async linkopen(o, act) {
		const p = o.page, base = p.url().split("?")[0];
		const idle = () => p.evaluate(() => window.fg.idle());
		const shows = () => p.evaluate(() => {
			const t = window.fg.folded();
			let h = 0x811c9dc5;
			for (let i = 0; i < t.length; i++) h = Math.imul(h ^ t.charCodeAt(i), 16777619);
			return window.fg.view().n + " " + t.length + " " + (h >>> 0).toString(16);
		});
		if (act === "drag") await dragaxis(p);
		else await p.evaluate((act) => {
			const v = window.fg.view(), a = act.split(":");
			let big = 1;
			for (let c = 1; c < v.n; c = v.end[c]) if (v.w[c] > v.w[big]) big = c;
			if (a[0] === "sandwich") window.fg.sandwich(window.fg.names[v.f[big]]);
			else if (a[0] === "mode") window.fg.mode(a[1]);
			else { window.fg.state.tx.push([a[1], a.slice(2).join(":")]); window.fg.mode(""); }
		}, act);
		await idle();
		const url = await p.evaluate(() => location.search);
		say("url", url);
		say("clicked", await shows());
		const watch = await p.evaluateOnNewDocument(() => {
			window.seen = [];
			new MutationObserver(() => {
				const e = document.getElementById("progress"), t = e && e.textContent.replace(/ \d+%$/, "");
				if (t && !window.seen.includes(t)) window.seen.push(t);
			}).observe(document, { subtree: true, childList: true, characterData: true });
		});
		try {
			await p.goto(base + url, { waitUntil: "load", timeout: 120000 });
			await p.waitForSelector("body[data-ready]", { timeout: 120000 });
			await idle();
			await frames2(p);
			say("progress", await p.evaluate(() => window.seen.join("|")));
			say("mode", await p.evaluate(() => window.fg.state.mode || "graph"));
			say("linked", await shows());
		} finally {
			await p.removeScriptToEvaluateOnNewDocument(watch.identifier);
		}
	},
	/* the main thread's task time (CDP's TaskDuration) of opening the
	 * page afresh, through its first two frames, without a query and
	 * with query ARG: the least of two runs each, "none=MS with=MS" */
	async opencost(o, query) {
		const p = o.page, c = await p.target().createCDPSession(), base = p.url().split("?")[0];
		await c.send("Performance.enable");
		const task = async () => (await c.send("Performance.getMetrics")).metrics.find((x) => x.name === "TaskDuration").value * 1000;
		const best = { none: Infinity, with: Infinity };
		for (let k = 0; k < 4; k++) {
			const which = k % 2 ? "with" : "none";
			/* the counts from naught: a navigation may start them again */
			await c.send("Performance.disable");
			await c.send("Performance.enable");
			const a = await task();
			await p.goto(base + (k % 2 ? query : ""), { waitUntil: "load", timeout: 120000 });
			await p.waitForSelector("body[data-ready]", { timeout: 120000 });
			await frames2(p);
			const b = await task();
			best[which] = Math.min(best[which], b < a ? b : b - a);
		}
		say("opencost", "none=" + best.none.toFixed(0) + " with=" + best.with.toFixed(0));
		say("tx", await p.evaluate(() => window.fg.state.tx.length));
	},
	/* timing: load and first draw, then the slowest of many hovers */
	async bench(o) {
		const p = o.page;
		say("loadms", o.loadms);
		say("paintms", o.paintms);
		const c = await p.target().createCDPSession();
		await c.send("Performance.enable");
		const m = (await c.send("Performance.getMetrics")).metrics.find((x) => x.name === "JSHeapUsedSize");
		say("heapmib", (m.value / 1048576).toFixed(0));
		const t = await p.evaluate(() => {
			const c = document.getElementById("canvas"), b = c.getBoundingClientRect();
			const ts = [];
			for (let k = 0; k < 200; k++) {
				const x = b.left + (k * 37) % b.width, y = b.top + b.height - 4 - ((k * 16) % 300);
				const t0 = performance.now();
				c.dispatchEvent(new MouseEvent("mousemove", { clientX: x, clientY: y, bubbles: true }));
				document.getElementById("tip").offsetWidth;
				ts.push(performance.now() - t0);
			}
			ts.sort((a, b) => a - b);
			const worst = ts[ts.length - 1], median = ts[ts.length >> 1], p95 = ts[Math.floor(ts.length * 0.95)];
			const t0 = performance.now();
			window.fg.zoom(1);
			const z = performance.now() - t0;
			window.fg.zoom(0);
			return [worst, z, median, p95];
		});
		/* each mode's and a transform's recompute and repaint, from the graph
		 * (the first time: nothing cached) */
		const modes = await p.evaluate(() => {
			const v = window.fg.view(), n = window.fg.names, out = {};
			let big = 1;
			for (let c = 1; c < v.n; c = v.end[c]) if (v.w[c] > v.w[big]) big = c;
			const time = (k, f) => { const t0 = performance.now(); f(); out[k] = (performance.now() - t0).toFixed(0); };
			time("bottomupms", () => window.fg.mode("bottomup"));
			window.fg.mode("bottomup");
			time("tablems", () => window.fg.mode("table"));
			window.fg.mode("table");
			time("sandwichms", () => window.fg.sandwich(n[v.f[big]]));
			window.fg.mode("sandwich");
			time("transformms", () => { window.fg.state.tx.push(["hide", n[v.f[big]]]); window.fg.mode(""); });
			return out;
		});
		Object.keys(modes).forEach((k) => say(k, modes[k]));
		/* the same switches again on a fresh load (no state in the URL), timed by the main
		 * thread's CPU time (Chromium's ThreadTime) through two frames,
		 * the repaint with it: a figure that the machine's load moves
		 * less than the wall clock */
		await p.goto(p.url().split("?")[0]);
		await p.waitForFunction(() => window.fg && window.fg.view(), { timeout: 120000 });
		const tt = async () => (await c.send("Performance.getMetrics")).metrics.find((x) => x.name === "ThreadTime").value * 1000;
		await p.evaluate(() => {
			const v = window.fg.view();
			let big = 1;
			for (let c = 1; c < v.n; c = v.end[c]) if (v.w[c] > v.w[big]) big = c;
			window.benchfn = window.fg.names[v.f[big]];
		});
		const steps = [["bottomupcpums", () => window.fg.mode("bottomup")], [null, () => window.fg.mode("bottomup")],
			["tablecpums", () => window.fg.mode("table")], [null, () => window.fg.mode("table")],
			["sandwichcpums", () => window.fg.sandwich(window.benchfn)], [null, () => window.fg.mode("sandwich")],
			["transformcpums", () => { window.fg.state.tx.push(["hide", window.benchfn]); window.fg.mode(""); }]];
		for (const [k, f] of steps) {
			const a = await tt();
			await p.evaluate(f);
			await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
			const b = await tt();
			if (k) say(k, (b - a).toFixed(0));
		}
		say("hovermedianms", t[2].toFixed(1));
		say("hoverp95ms", t[3].toFixed(1));
		say("hovermaxms", t[0].toFixed(1));
		say("zoomms", t[1].toFixed(1));
	},
};

module.exports = { run: driver(cases, say, (out) => { sink = out; }, module) };
