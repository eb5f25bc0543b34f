/* bench.cjs: scripts/bench-html's figures in headless Chromium, read
 * through CDP, a fresh browser each run:
 *
 *   node bench.cjs fg PAGE.html          an fg-html page, opened from a file
 *   node bench.cjs cmp PAGE.html         an fg-html page of two views: open,
 *                                        then compare (view 0 the baseline,
 *                                        1 the target, to the difference
 *                                        drawn), flip (to the baseline) and
 *                                        the comparison's table
 *   node bench.cjs links PAGE.html       the page opened from links against
 *                                        the clicks into the same modes
 *   node bench.cjs speedscope DIR FILE   speedscope's release build (DIR)
 *                                        opening FILE, both served from a
 *                                        loopback server (#profileURL=)
 *
 * One line an action, "ACTION wall=MS main=MS maincpu=MS long=MS cpu=MS
 * rss=MIB peak=MIB": the wall time until the page is done and has drawn
 * twice; the renderer's main-thread task time (CDP's TaskDuration: the
 * tasks' wall time, which a loaded machine stretches) and CPU time
 * (ThreadTime); the longest main-thread task (a trace's RunTask
 * events); the CPU time of
 * the renderer process, all its threads (a worker's too); its resident
 * memory after the action, and its peak so far (/proc, VmRSS and
 * VmHWM).  fg's actions each start from the graph and go back to it
 * untimed; a page that has work left (window.fg.busy()) is waited for.
 * A failure prints "failed=WHY". */
"use strict";
const fs = require("fs");
const http = require("http");
const path = require("path");
const { launch, dragaxis } = require("./lib.cjs");

const ms = (x) => Math.round(x);

/* The renderer that holds the page: of the browser's renderers, the
 * largest. */
async function renderer(browser) {
	const s = await browser.target().createCDPSession();
	const info = (await s.send("SystemInfo.getProcessInfo")).processInfo.filter((p) => p.type === "renderer");
	let best = null, rss = -1;
	for (const p of info) {
		const r = mem(p.id).rss;
		if (r > rss) { rss = r; best = p.id; }
	}
	return { pid: best, cpu: async () => {
		const q = (await s.send("SystemInfo.getProcessInfo")).processInfo.find((p) => p.id === best);
		return q ? q.cpuTime * 1000 : 0;
	} };
}
/* VmRSS and VmHWM of process pid, in MiB */
function mem(pid) {
	let t = "";
	try { t = fs.readFileSync("/proc/" + pid + "/status", "utf8"); } catch (e) { return { rss: 0, peak: 0 }; }
	const kb = (k) => { const m = new RegExp("^" + k + ":\\s+(\\d+)", "m").exec(t); return m ? +m[1] / 1024 : 0; };
	return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}
/* The longest RunTask (ms) of the main thread of process pid in trace buf. */
function longest(buf, pid) {
	if (process.env.FG_TRACE_DUMP) fs.writeFileSync(process.env.FG_TRACE_DUMP, Buffer.from(buf));
	const ev = JSON.parse(Buffer.from(buf).toString()).traceEvents;
	const main = ev.find((e) => e.pid === pid && e.name === "thread_name" && e.args && e.args.name === "CrRendererMain");
	let max = 0;
	for (const e of ev)
		if (main && e.pid === pid && e.tid === main.tid && /(^|::)RunTask$/.test(e.name) && e.dur > max) max = e.dur;
	return max / 1000;
}

/* A measuring session on page p in browser b. */
async function session(b, p) {
	const c = await p.target().createCDPSession();
	await c.send("Performance.enable");
	const metric = async (k) => (await c.send("Performance.getMetrics")).metrics.find((x) => x.name === k).value * 1000;
	const task = () => metric("TaskDuration"), thread = () => metric("ThreadTime");
	let R = null;
	/* run act (in node), wait for done() (in node), print the figures;
	 * the first, in a renderer of its own (a page opened from a blank
	 * tab), from its start; the wall time at(), when given, else from
	 * act's start to two frames after done */
	async function measure(name, act, done, at) {
		const prof = process.env.FG_BENCH_PROFILE ? await profiling(process.env.FG_BENCH_PROFILE !== "" && !process.env.FG_BENCH_TRACEONLY) : null;
		await p.tracing.start({ categories: ["toplevel", "devtools.timeline"] });
		const t0 = R ? await task() : 0, h0 = R ? await thread() : 0, c0 = R ? await R.cpu() : 0, w0 = Date.now();
		await act();
		await done();
		await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
		const wall = at ? await at() : Date.now() - w0;
		if (!R) R = await renderer(b);
		const t1 = await task(), h1 = await thread(), c1 = await R.cpu();
		const trace = await p.tracing.stop(), long = longest(trace, R.pid), m = mem(R.pid);
		if (prof) await prof(name, trace);
		console.log(name + " wall=" + ms(wall) + " main=" + ms(t1 - t0) + " maincpu=" + ms(h1 - h0) + " long=" + ms(long) +
			" cpu=" + ms(c1 - c0) + " rss=" + ms(m.rss) + " peak=" + ms(m.peak));
	}
	/* FG_BENCH_PROFILE=DIR: each action's CPU profile of the page's
	 * thread and of its workers' (DIR/ACTION.main.cpuprofile,
	 * ACTION.worker.cpuprofile) and its trace (ACTION.trace.json), for
	 * Chromium's DevTools; with FG_BENCH_TRACEONLY=1, the traces alone
	 * (the profiler's own cost left out) */
	async function profiling(cpu) {
		const ss = cpu ? [c] : [];
		if (cpu) for (const w of p.workers()) ss.push(w.client);
		for (const s of ss) { await s.send("Profiler.enable"); await s.send("Profiler.setSamplingInterval", { interval: 200 }); await s.send("Profiler.start"); }
		return async (name, trace) => {
			fs.writeFileSync(path.join(process.env.FG_BENCH_PROFILE, name + ".trace.json"), Buffer.from(trace));
			for (let k = 0; k < ss.length; k++) {
				const { profile } = await ss[k].send("Profiler.stop");
				fs.writeFileSync(path.join(process.env.FG_BENCH_PROFILE, name + (k ? ".worker" + (k > 1 ? k : "") : ".main") + ".cpuprofile"), JSON.stringify(profile));
			}
		};
	}
	return { measure, task };
}

/* A fresh browser with fg-html's page file open at query (its
 * figures "NAME ...", from the navigation until the page is idle, when
 * name is given); its browser, page, measuring session, idle() (the
 * page's work done), errors, and the name of the function of most
 * samples of its own (hot). */
async function fresh(file, query, name) {
	const b = await launch();
	const p = await b.newPage();
	await p.setViewport({ width: 1200, height: 800 });
	const errors = [];
	p.on("pageerror", (e) => errors.push(String(e)));
	const S = await session(b, p);
	/* done: the page's promise (no polling, which would load its
	 * thread), or on a page without one, its busy() polled */
	const idle = async () => {
		if (await p.evaluate(() => !!(window.fg && window.fg.idle))) return p.evaluate(() => window.fg.idle());
		return p.waitForFunction(() => window.fg && !(window.fg.busy && window.fg.busy()), { timeout: 600000, polling: 10 });
	};
	const go = () => p.goto("file://" + file + query, { waitUntil: "domcontentloaded", timeout: 600000 });
	const ready = () => p.waitForSelector("body[data-ready]", { timeout: 600000 });
	if (name) await S.measure(name, go, async () => { await ready(); await idle(); });
	/* open: from the navigation to the graph drawn (the "open
	 * to first paint"); then ahead: from there until the work the page
	 * does while idle (the table's rows counted ahead) is done */
	else {
		await S.measure("open", go, ready,
			/* the page's mark of its first frame, from its navigation */
			async () => (await p.waitForFunction(() => performance.getEntriesByName("fg-painted")[0], { timeout: 600000 }),
				p.evaluate(() => performance.getEntriesByName("fg-painted")[0].startTime)));
		await S.measure("ahead", () => null, idle);
	}
	/* the function of most samples of its own, its name */
	const hot = await p.evaluate(() => {
		const v = window.fg.view(), by = new Map();
		for (let i = 1; i < v.n; i++) {
			let s = v.w[i];
			for (let c = i + 1; c < v.end[i]; c = v.end[c]) s -= v.w[c];
			by.set(v.f[i], (by.get(v.f[i]) || 0) + s);
		}
		let best = -1, bw = -1;
		for (const [f, w] of by) if (w > bw) { bw = w; best = f; }
		return window.fg.names[best];
	});
	return { b, p, S, idle, errors, hot };
}

/* fg-html's actions from the graph, in page p: [name, act, back]. */
function actions(p, hot) {
	const ev = (f, ...a) => () => p.evaluate(f, ...a);
	const search = (t) => () => p.evaluate((t) => { const s = document.getElementById("search"); s.value = t; s.oninput(); }, t);
	const tx = (k, a) => ev((k, a) => { window.fg.state.tx.push([k, a]); window.fg.mode(""); }, k, a);
	const undo = ev(() => { window.fg.state.tx.pop(); window.fg.mode(""); });
	const mode = (m) => ev((m) => window.fg.mode(m), m);
	return [
		["search", search("compute1"), search("")],
		["bottomup", mode("bottomup"), mode("bottomup")],
		["table", mode("table"), null],
		["tablesort", ev(() => document.querySelectorAll("#table th")[2].click()), mode("table")],
		["sandwich", ev((h) => window.fg.sandwich(h), hot), mode("sandwich")],
		["rec", tx("rec", ""), undo],
		["hide", tx("hide", hot), undo],
		["sortwidth", ev(() => document.getElementById("sort").click()), ev(() => document.getElementById("sort").click())],
		["zoom", ev(() => window.fg.zoom(1)), ev(() => window.fg.zoom(0))],
		/* a page in time order: the middle quarter of its axis dragged
		 * (w=); of two views: the first compared with the second (cmp=) */
		["window", () => dragaxis(p), null],
		["cmp", ev(() => ["cmpb", "cmpt"].forEach((id, k) => {
			const e = document.getElementById(id);
			e.value = String(k);
			e.onchange();
		})), null],
	];
}

/* fg-html's page: open, then each action from the graph. */
async function fg(file) {
	const { b, p, S, idle, errors, hot } = await fresh(file, "", null);
	console.log("hot=" + hot);
	for (const [name, act, back] of actions(p, hot)) {
		if (name === "window" || name === "cmp") continue;
		await S.measure(name, act, idle);
		if (back) { await back(); await idle(); }
	}
	if (errors.length) console.log("errors=" + errors.join(" | "));
	await b.close();
}

/* A page of two views: open, then the comparison's actions. */
async function cmp(file) {
	const { b, p, S, idle, errors } = await fresh(file, "", null);
	const ev = (f, ...a) => () => p.evaluate(f, ...a);
	const mode = (m) => ev((m) => window.fg.mode(m), m);
	const choose = (b, t) => ev((b, t) => {
		document.getElementById("cmpb").value = b;
		const s = document.getElementById("cmpt");
		s.value = t;
		s.onchange();
	}, b, t);
	const flip = ev(() => document.getElementById("flipbtn").click());
	await S.measure("compare", choose("0", "1"), idle);
	await S.measure("flip", flip, idle);
	await flip();
	await idle();
	await flip();
	await idle();
	await S.measure("table", mode("table"), idle);
	await mode("table")();
	await idle();
	await S.measure("uncompare", choose("", ""), idle);
	if (errors.length) console.log("errors=" + errors.join(" | "));
	await b.close();
}

/* A link against a click: the bare page opened fresh, until idle
 * ("bare"), then each of its links clicked from the graph
 * ("clickNAME", the URL it left: "query NAME ?..."); then each such
 * URL opened in a fresh browser until idle ("linkNAME"), and its
 * view's frames and width against the click's.  The links: a window
 * in time of a page in time order, a comparison of a page of two
 * views, else the modes and transforms. */
async function links(file) {
	const shot = (p) => p.evaluate(() => { const v = window.fg.view(); return v.n + ":" + v.w[0] + ":" + window.fg.state.mode; });
	const { b, p, S, idle, errors, hot } = await fresh(file, "", "bare");
	const q = {}, got = {}, kind = await p.evaluate(() => window.fg.data.views.length > 1 ? "cmp" :
		window.fg.state.mode === "time" ? "window" : "");
	const LINKS = kind ? [kind] : ["bottomup", "table", "sandwich", "rec", "hide"];
	console.log("hot=" + hot);
	for (const [name, act, back] of actions(p, hot)) {
		if (!LINKS.includes(name)) continue;
		await S.measure("click" + name, act, idle);
		q[name] = await p.evaluate(() => location.search);
		got[name] = await shot(p);
		console.log("query " + name + " " + q[name]);
		if (back) { await back(); await idle(); }
	}
	if (errors.length) console.log("errors=" + errors.join(" | "));
	await b.close();
	for (const name of LINKS) {
		const o = await fresh(file, q[name], "link" + name);
		const s = await shot(o.p);
		if (s !== got[name]) console.log("failed=" + name + ": the link shows " + s + ", the click " + got[name]);
		if (o.errors.length) console.log("errors=" + o.errors.join(" | "));
		await o.b.close();
	}
}

/* speedscope: open (its flame graph drawn), the function list (its
 * Sandwich tab's table), a sort (by Total), and the sandwich of the
 * function of most samples of its own (its row clicked). */
async function speedscope(dir, file) {
	const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm" };
	const server = http.createServer((req, res) => {
		const u = decodeURIComponent(req.url.split(/[?#]/)[0]);
		const f = u === "/profile.folded" ? file : path.join(dir, path.normalize(u).replace(/^(\.\.[/\\])+/, ""));
		fs.stat(f, (err, st) => {
			if (err || !st.isFile()) { res.writeHead(404); res.end(); return; }
			res.writeHead(200, { "Content-Type": types[path.extname(f)] || "application/octet-stream", "Content-Length": st.size });
			fs.createReadStream(f).pipe(res);
		});
	});
	await new Promise((r) => server.listen(0, "127.0.0.1", r));
	const base = "http://127.0.0.1:" + server.address().port;
	const b = await launch();
	const p = await b.newPage();
	await p.setViewport({ width: 1200, height: 800 });
	const S = await session(b, p);
	const none = async () => {};
	const canvases = () => p.evaluate(() => document.querySelectorAll("canvas").length);
	try {
		await S.measure("open", () => p.goto(base + "/index.html#profileURL=" + encodeURIComponent(base + "/profile.folded")),
			() => p.waitForFunction(() => / - speedscope$/.test(document.title) && document.querySelectorAll("canvas").length > 0,
				{ timeout: 900000, polling: 50 }));
		/* its key 3: the Sandwich tab, a table of the functions */
		await S.measure("table", () => p.keyboard.press("3"), () => p.waitForFunction(() =>
			[...document.querySelectorAll("table tr")].filter((tr) => tr.querySelectorAll("td").length === 3).length > 0,
			{ timeout: 600000, polling: 20 }));
		/* the first row, as it opens sorted by self */
		const hot = await p.evaluate(() => [...document.querySelectorAll("table tr")]
			.find((tr) => tr.querySelectorAll("td").length === 3).querySelectorAll("td")[2].textContent.trim());
		console.log("hot=" + hot);
		await S.measure("tablesort", () => p.evaluate(() => [...document.querySelectorAll("th")]
			.find((th) => th.textContent.trim() === "Total").click()), none);
		const n = await canvases();
		await S.measure("sandwich", () => p.evaluate((h) => [...document.querySelectorAll("table tr")]
			.find((tr) => tr.querySelectorAll("td").length === 3 && tr.querySelectorAll("td")[2].textContent.trim() === h).click(), hot),
			() => p.waitForFunction((n) => document.querySelectorAll("canvas").length > n, { timeout: 600000, polling: 20 }, n));
		if (process.env.FG_BENCH_SHOT) await p.screenshot({ path: process.env.FG_BENCH_SHOT });
	} catch (e) {
		console.log("failed=" + String(e.message || e).split("\n")[0]);
	}
	await b.close();
	server.close();
}

const [what, ...args] = process.argv.slice(2);
(what === "fg" ? fg(args[0]) : what === "cmp" ? cmp(args[0]) : what === "links" ? links(args[0]) : speedscope(args[0], args[1]))
	.catch((e) => { console.log("failed=" + String(e && e.stack || e)); process.exit(1); });
