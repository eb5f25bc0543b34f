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

/* Open file (an absolute path) with query ("?s=..."); returns the
 * browser, the page, the requests other than the page itself, the
 * errors and dialogs the page raised, and close(), which lets go of
 * the page (and of a browser of its own). */
async function open(file, query, opts) {
	opts = opts || {};
	const given = opts.browser, shared = given || process.env.FG_BROWSER_WS;
	const browser = given || (shared ? await puppeteer.connect({ browserWSEndpoint: shared }) : await launch());
	/* a tab of its own, in the browser's default context: the page
	 * keeps no state (no storage, no cookies) for the next one to see,
	 * and a context of its own would cost it 0.3 s of CPU more */
	const page = await browser.newPage();
	await page.setViewport({ width: opts.width || 1200, height: opts.height || 800 });
	if (opts.dark) await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: "dark" }]);
	const url = "file://" + file + (query || "");
	const out = { browser, page, requests: [], errors: [], dialogs: [] };
	out.close = async () => {
		if (!shared) return browser.close();
		await page.close();
		if (!given) await browser.disconnect();
	};
	await page.setRequestInterception(true);
	page.on("request", (r) => {
		if (r.url().split("?")[0] === url.split("?")[0] && r.isNavigationRequest()) {
			r.continue();
			return;
		}
		out.requests.push(r.url());
		r.abort();
	});
	page.on("pageerror", (e) => out.errors.push(String(e)));
	page.on("console", (m) => { if (m.type() === "error") out.errors.push(m.text()); });
	page.on("dialog", (d) => { out.dialogs.push(d.message()); d.dismiss(); });
	const t0 = Date.now();
	await page.goto(url, { waitUntil: "load", timeout: opts.timeout || 60000 });
	await page.waitForSelector("body[data-ready]", { timeout: opts.timeout || 60000 });
	out.loadms = Date.now() - t0;
	/* drawn: two animation frames after the script's first draw */
	await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
	out.paintms = Date.now() - t0;
	return out;
}

/* Move the mouse to the middle of the frame named name; its box. */
async function hoverName(page, name) {
	const r = await page.evaluate((n) => window.fg.rect(window.fg.find(n)), name);
	if (!r) throw new Error("frame not drawn: " + name);
	await page.mouse.move(r.x + Math.min(r.w / 2, 20), r.y + r.h / 2);
	return r;
}

module.exports = { launch, open, hoverName, chromium };
