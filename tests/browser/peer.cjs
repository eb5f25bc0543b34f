/* peer.cjs: speedscope (its npm package's release build) opening a
 * folded file in headless Chromium, for scripts/bench-html to set
 * beside fg-html: both served from a loopback HTTP server, the profile
 * by #profileURL=.  Prints loadms= (until speedscope has drawn its
 * flame graph's canvas) and heapmib= (the page's JS heap then), or
 * failed= and why.
 *
 *   node peer.cjs SPEEDSCOPE_RELEASE_DIR FILE.folded */
"use strict";
const http = require("http");
const fs = require("fs");
const path = require("path");
const { launch } = require("./lib.cjs");

const [dir, file] = process.argv.slice(2);
const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm" };
const server = http.createServer((req, res) => {
	const u = decodeURIComponent(req.url.split(/[?#]/)[0]);
	const p = u === "/profile.folded" ? file : path.join(dir, path.normalize(u).replace(/^(\.\.[/\\])+/, ""));
	fs.stat(p, (err, st) => {
		if (err || !st.isFile()) { res.writeHead(404); res.end(); return; }
		res.writeHead(200, { "Content-Type": types[path.extname(p)] || "application/octet-stream", "Content-Length": st.size });
		fs.createReadStream(p).pipe(res);
	});
});
server.listen(0, "127.0.0.1", async () => {
	const base = "http://127.0.0.1:" + server.address().port;
	const browser = await launch();
	const page = await browser.newPage();
	await page.setViewport({ width: 1200, height: 800 });
	const errors = [];
	page.on("pageerror", (e) => errors.push(String(e)));
	try {
		const t0 = Date.now();
		await page.goto(base + "/index.html#profileURL=" + encodeURIComponent(base + "/profile.folded"));
		/* loaded: speedscope names the profile in the title once imported */
		await page.waitForFunction(() => / - speedscope$/.test(document.title) &&
			document.querySelectorAll("canvas").length > 0, { timeout: 300000, polling: 50 });
		await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
		console.log("loadms=" + (Date.now() - t0));
		const c = await page.target().createCDPSession();
		await c.send("Performance.enable");
		const m = (await c.send("Performance.getMetrics")).metrics.find((x) => x.name === "JSHeapUsedSize");
		console.log("heapmib=" + (m.value / 1048576).toFixed(0));
	} catch (e) {
		console.log("failed=" + String(e.message || e).split("\n")[0] + (errors.length ? " | " + errors.join(" | ") : ""));
	}
	await browser.close();
	server.close();
});
