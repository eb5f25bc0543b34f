/* speedscope.cjs: a profile in speedscope's release build, in headless
 * Chromium through puppeteer-core, for tests/fg-speedscope.bats.
 *
 *   node speedscope.cjs sandwich FILE DIR
 *
 * or through run() in server.cjs, in the browser the bats file shares.
 * The case opens FILE (a speedscope file, or any format speedscope
 * imports, such as pprof) in the release build in DIR (the npm
 * package's dist/release) as a user does, both served from a loopback
 * HTTP server and the profile named by #profileURL=; then reads its
 * sandwich view's table.  Prints, one a line:
 *   errors=... | none, dialogs=... | none, requests=... | none (any URL
 *   not the server's), rows=N, self=SUM of the Self column (the total
 *   weight, each sample's weight counted once at its leaf),
 *   row=TOTAL SELF NAME FILE for each row.  Values must be unitless
 *   (speedscope's "none" unit prints them whole); then
 *   cells=TOTAL SELF NAME for each row, the cells as they are written
 *   ("600.23ms"), for profiles of a time unit. */
"use strict";
const fs = require("fs");
const http = require("http");
const path = require("path");
const { launch } = require("./lib.cjs");

const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css",
	".json": "application/json", ".wasm": "application/wasm" };

/* An HTTP server on a loopback port: DIR's files, and FILE as
 * /profile/ its name. */
function serve(dir, file) {
	const server = http.createServer((req, res) => {
		const u = decodeURIComponent(req.url.split("?")[0]);
		const f = u === "/profile/" + path.basename(file) ? file :
			path.join(dir, path.normalize(u).replace(/^\/+/, ""));
		fs.readFile(f, (err, data) => {
			if (err) { res.writeHead(404); res.end(); return; }
			res.writeHead(200, { "Content-Type": types[path.extname(f)] || "application/octet-stream" });
			res.end(data);
		});
	});
	return new Promise((r) => server.listen(0, "127.0.0.1", () => r(server)));
}

/* A cell's number: "1,234 (12.3%)" is 1234. */
function num(s) {
	return Number(s.split(" (")[0].replace(/,/g, ""));
}

/* The sandwich's rows of file opened in a new tab of browser. */
async function sandwich(browser, base, file, say) {
	const errors = [], dialogs = [], requests = [];
	const page = await browser.newPage();
	try {
		await page.setViewport({ width: 1200, height: 2000 });
		await page.setRequestInterception(true);
		page.on("request", (r) => {
			if (r.url().startsWith(base + "/") || r.url().startsWith("data:")) { r.continue(); return; }
			requests.push(r.url());
			r.abort();
		});
		page.on("pageerror", (e) => errors.push(String(e)));
		page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
		page.on("dialog", (d) => { dialogs.push(d.message()); d.dismiss(); });
		await page.goto(base + "/index.html#profileURL=" + encodeURIComponent(base + "/profile/" + path.basename(file)) +
			"&view=sandwich", { waitUntil: "load", timeout: 60000 });
		await page.waitForFunction(() => document.querySelectorAll("table tr td").length > 0 ||
			/went wrong|error/i.test(document.body.innerText), { timeout: 60000 });
		const rows = await page.evaluate(() => [...document.querySelectorAll("table tr")]
			.filter((tr) => tr.querySelectorAll("td").length === 3)
			.map((tr) => { const td = tr.querySelectorAll("td");
				return [td[0].innerText, td[1].innerText, td[2].innerText, td[2].title || ""]; }));
		let self = 0;
		for (const r of rows) self += num(r[1]);
		say("errors=" + (errors.length ? errors.join(" | ") : "none"));
		say("dialogs=" + (dialogs.length ? dialogs.join(" | ") : "none"));
		say("requests=" + (requests.length ? requests.join(" ") : "none"));
		say("rows=" + rows.length);
		say("self=" + self);
		for (const r of rows) say("row=" + num(r[0]) + " " + num(r[1]) + " " + r[2] + " " + r[3]);
		for (const r of rows) say("cells=" + r[0].split(" (")[0] + " " + r[1].split(" (")[0] + " " + r[2]);
	} finally {
		await page.close();
	}
}

/* Case what ("sandwich") on file, args [DIR], its lines to out, in
 * browser (a launch of its own when none is given). */
async function run(what, file, args, query, dark, out, browser) {
	if (what !== "sandwich") throw new Error("no such case: " + what);
	const server = await serve(args[0], file);
	const own = !browser;
	try {
		if (own) browser = await launch();
		await sandwich(browser, "http://127.0.0.1:" + server.address().port, file, out);
	} finally {
		if (own && browser) await browser.close();
		server.close();
	}
}
module.exports = { run };

if (require.main === module) {
	const [what, file, ...args] = process.argv.slice(2);
	run(what, file, args, "", false, (l) => console.log(l))
		.catch((e) => { console.error(String(e && e.stack || e)); process.exit(1); });
}
