/* speedscope.cjs DIR FILE: open FILE (a speedscope file, or any format
 * speedscope imports, such as pprof) in the speedscope release build in
 * DIR (the npm package's dist/release) as a user does, both served
 * from a loopback HTTP server and the profile named by #profileURL=,
 * in headless Chromium through puppeteer-core; then read its sandwich
 * view's table.  Prints, one a line:
 *   errors=... | none, dialogs=... | none, requests=... | none (any URL
 *   not the server's), rows=N, self=SUM of the Self column (the total
 *   weight, each sample's weight counted once at its leaf),
 *   row=TOTAL SELF NAME FILE for each row.  Values must be unitless
 *   (speedscope's "none" unit prints them whole). */
"use strict";
const fs = require("fs");
const http = require("http");
const path = require("path");

const puppeteer = require(path.join(process.env.FG_PUPPETEER_NODE_PATH, "puppeteer-core"));
const { chromium } = require("./lib.cjs");

const [dir, file] = process.argv.slice(2);
const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css",
	".json": "application/json", ".wasm": "application/wasm" };

function serve() {
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

(async () => {
	const server = await serve();
	const base = "http://127.0.0.1:" + server.address().port;
	const browser = await puppeteer.launch({
		executablePath: chromium(),
		headless: true,
		args: ["--no-sandbox", "--disable-gpu"],
	});
	const errors = [], dialogs = [], requests = [];
	try {
		const page = await browser.newPage();
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
		console.log("errors=" + (errors.length ? errors.join(" | ") : "none"));
		console.log("dialogs=" + (dialogs.length ? dialogs.join(" | ") : "none"));
		console.log("requests=" + (requests.length ? requests.join(" ") : "none"));
		console.log("rows=" + rows.length);
		console.log("self=" + self);
		for (const r of rows) console.log("row=" + num(r[0]) + " " + num(r[1]) + " " + r[2] + " " + r[3]);
	} finally {
		await browser.close();
		server.close();
	}
})().catch((e) => { console.error(e); process.exit(1); });
