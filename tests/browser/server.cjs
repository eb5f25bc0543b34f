/* server.cjs [NAME]: one headless Chromium for a whole bats file, so
 * that its tests share a launch and a node: it listens on a loopback TCP
 * port, printed on a line of its own, for cases of NAME.cjs (html.cjs,
 * fg-html's page, by default; svg.cjs, fg-svg's), one at a time.
 * A request is NUL-terminated fields: the number of arguments, the
 * query, "1" for a dark system theme or "", then the arguments (CASE
 * PAGE ARG...); the answer is the case's lines, then "status=0" or
 * "status=1" and the error.  It runs until SIGTERM (or half an hour,
 * should nobody send it). */
"use strict";
const net = require("net");
const { launch } = require("./lib.cjs");
const { run } = require("./" + (process.argv[2] || "html") + ".cjs");

(async () => {
	const browser = await launch();
	let queue = Promise.resolve();
	const server = net.createServer((sock) => {
		let buf = "";
		sock.setEncoding("utf8");
		sock.on("data", (d) => {
			buf += d;
			const f = buf.split("\0");
			const n = parseInt(f[0], 10);
			if (!(f.length > n + 3)) return;
			const [query, dark, what, file, ...args] = f.slice(1, n + 3);
			const lines = [];
			queue = queue.then(() => run(what, file, args, query, dark === "1", (l) => lines.push(l), browser))
				.then(() => lines.push("status=0"), (e) => lines.push("status=1", String(e && e.stack || e)))
				.then(() => sock.end(lines.join("\n") + "\n"));
		});
		sock.on("error", () => {});
	});
	server.listen(0, "127.0.0.1", () => console.log(server.address().port));
	const stop = () => browser.close().then(() => process.exit(0), () => process.exit(0));
	process.on("SIGTERM", stop);
	process.on("SIGINT", stop);
	setTimeout(stop, 1800 * 1000);
})().catch((e) => { console.error(String(e && e.stack || e)); process.exit(1); });
