/* lib.cjs: open an fg-html page in headless Chromium through
 * puppeteer-core, with every request that would leave the page
 * recorded and refused.  FG_PUPPETEER_NODE_PATH names the node_modules
 * that holds puppeteer-core; FG_CHROMIUM the browser (chromium on PATH
 * otherwise); FG_BROWSER_WS, when set, a browser already running to
 * open the page in, instead of a launch of its own (or open's
 * opts.browser, server.cjs's). */
"use strict";
const path = require("path");
const { execSync } = require("child_process");

const puppeteer = require(path.join(process.env.FG_PUPPETEER_NODE_PATH, "puppeteer-core"));

function chromium() {
	if (process.env.FG_CHROMIUM) return process.env.FG_CHROMIUM;
	for (const n of ["chromium", "chromium-browser", "google-chrome"]) {
		try {
			return execSync("command -v " + n, { shell: "/bin/sh" }).toString().trim();
		} catch (e) { /* next */ }
	}
	throw new Error("no chromium");
}

function launch() {
	return puppeteer.launch({
		executablePath: chromium(),
		headless: true,
		args: ["--no-sandbox", "--disable-gpu", "--allow-file-access-from-files"],
	});
}

/* The tabs of a browser given to open() that their cases let go of,
 * each for a later case to open its page in: a new tab starts a
 * renderer, 0.1 to 0.15 s of CPU.  The next page is a new document (no
 * hover is carried over, and the page keeps no storage); its size,
 * theme and listeners are set again, the mouse let go and moved to
 * (0, 0), and a tab left with a key held down is closed instead. */
const spare = new WeakMap();

/* Open file (an absolute path) with query ("?s=..."); returns the
 * browser, the page, the requests other than the page itself, the
 * errors and dialogs the page raised (each dialog accepted with
 * out.answer when a case sets it, else dismissed), and close(), which
 * lets go of the page (and of a browser of its own).  opts: browser
 * (one to open the page in), width and height (1200 by 800), dark (the
 * system prefers dark), timeout, files (a navigation to any file: URL
 * let through, not only to file's), ready (false: the page is not
 * fg-html's, whose script marks the body data-ready). */
async function open(file, query, opts) {
	opts = opts || {};
	const given = opts.browser, shared = given || process.env.FG_BROWSER_WS;
	const browser = given || (shared ? await puppeteer.connect({ browserWSEndpoint: shared }) : await launch());
	/* a tab of its own, in the browser's default context: the page
	 * keeps no state (no storage, no cookies) for the next one to see,
	 * and a context of its own would cost it 0.3 s of CPU more */
	const kept = (given && spare.get(given)) || [];
	while (kept.length > 0 && kept[kept.length - 1].isClosed())
		kept.pop();
	const reused = kept.length > 0;
	const page = reused ? kept.pop() : await browser.newPage();
	await page.setViewport({ width: opts.width || 1200, height: opts.height || 800 });
	if (opts.dark || reused)
		await page.emulateMediaFeatures(opts.dark ? [{ name: "prefers-color-scheme", value: "dark" }] : undefined);
	const url = "file://" + file + (query || "");
	const out = { browser, page, requests: [], errors: [], dialogs: [] };
	const on = {
		request: (r) => {
			if (r.isNavigationRequest() && (r.url().split("?")[0] === url.split("?")[0] ||
			    opts.files && r.url().startsWith("file:"))) {
				r.continue();
				return;
			}
			out.requests.push(r.url());
			r.abort();
		},
		pageerror: (e) => out.errors.push(String(e)),
		console: (m) => { if (m.type() === "error") out.errors.push(m.text()); },
		dialog: (d) => {
			out.dialogs.push(d.message());
			if (out.answer === undefined) d.dismiss(); else d.accept(out.answer);
		},
	};
	out.close = async () => {
		if (!shared) return browser.close();
		for (const k in on) page.off(k, on[k]);
		if (given && !page.isClosed() && page.keyboard._modifiers === 0) {
			await page.mouse.reset();
			if (!spare.has(given)) spare.set(given, []);
			spare.get(given).push(page);
			return;
		}
		await page.close();
		if (!given) await browser.disconnect();
	};
	await page.setRequestInterception(true);
	for (const k in on) page.on(k, on[k]);
	const t0 = Date.now();
	await page.goto(url, { waitUntil: "load", timeout: opts.timeout || 60000 });
	if (opts.ready !== false)
		await page.waitForSelector("body[data-ready]", { timeout: opts.timeout || 60000 });
	out.loadms = Date.now() - t0;
	/* drawn: two animation frames after the script's first draw */
	await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
	out.paintms = Date.now() - t0;
	return out;
}

/* A drag across the time axis of page p (fg-html's, in the time mode)
 * over its middle quarter: a window chosen (w=). */
async function dragaxis(p) {
	const r = await p.evaluate(() => { const b = document.getElementById("axiscv").getBoundingClientRect();
		return { x: b.left, y: b.top + b.height / 2, w: b.width }; });
	await p.mouse.move(r.x + r.w / 4, r.y);
	await p.mouse.down();
	await p.mouse.move(r.x + r.w / 2, r.y, { steps: 4 });
	await p.mouse.up();
}

/* Move the mouse to the middle of the frame named name; its box. */
async function hoverName(page, name) {
	const r = await page.evaluate((n) => window.fg.rect(window.fg.find(n)), name);
	if (!r) throw new Error("frame not drawn: " + name);
	await page.mouse.move(r.x + Math.min(r.w / 2, 20), r.y + r.h / 2);
	return r;
}

/* drawn(cb), in the page: cb(i, box, v) for each frame i of the view v
 * shown that fg.rect draws (its box), in order.  A frame not drawn has
 * none of its callees drawn (each lies inside it, a row further from
 * the root, narrower), so its subtree is passed over: at 600k frames
 * the walk costs 40 ms, a call of fg.rect a frame a second. */
const DRAWN = String(function (cb) {
	const v = window.fg.view();
	for (let i = 0; v && i < v.n;) {
		const r = window.fg.rect(i);
		if (!r) { i = Math.max(i + 1, v.end[i]); continue; }
		cb(i, r, v);
		i++;
	}
});
/* fn(drawn, ...args) evaluated in page p, its value returned */
function ondrawn(p, fn, ...args) {
	return p.evaluate("(" + fn + ")(" + [DRAWN, ...args.map((a) => JSON.stringify(a))].join(", ") + ")");
}

/* A driver of cases (html.cjs, source.cjs, time.cjs): its run(what,
 * file, args, query, dark, out, browser) opens page file (query and
 * dark as FG_QUERY and FG_DARK say; browser, one to use, if any), runs
 * cases[what] on it with args, its lines to out through setsink(out),
 * then says the page's requests, errors, dialogs and workers (how many
 * it has made, and not ended); from the command
 * line (mod the main module) "node DRIVER.cjs CASE FILE ARGS...". */
function driver(cases, say, setsink, mod) {
	async function run(what, file, args, query, dark, out, browser) {
		setsink(out);
		if (!cases[what]) throw new Error("no such case: " + what);
		const o = await open(file, query, { timeout: 120000, dark: dark, browser: browser });
		try {
			await cases[what](o, ...args);
			/* give a late request or script a moment to show itself */
			await new Promise((r) => setTimeout(r, 50));
		} finally {
			say("requests", o.requests.length ? o.requests.join(" ") : "none");
			say("errors", o.errors.length ? o.errors.join(" | ") : "none");
			say("dialogs", o.dialogs.length ? o.dialogs.join(" | ") : "none");
			say("workers", o.page.workers().length);
			await o.close();
		}
	}
	if (require.main === mod) {
		const [what, file, ...args] = process.argv.slice(2);
		run(what, file, args, process.env.FG_QUERY || "", process.env.FG_DARK === "1", (l) => console.log(l))
			.catch((e) => { console.error(String(e && e.stack || e)); process.exit(1); });
	}
	return run;
}

module.exports = { launch, open, hoverName, chromium, driver, dragaxis, ondrawn };
