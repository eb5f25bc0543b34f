/* server.cjs [NAME]: one headless Chromium for a whole bats file, so
 * that its tests share a launch and a node: it listens on a loopback TCP
 * port, printed on a line of its own, for cases of NAME.cjs (html.cjs,
 * fg-html's page, by default; svg.cjs, fg-svg's), one at a time.
 * A request is NUL-terminated fields: the number of arguments, the
 * query, "1" for a dark system theme or "", then the arguments (CASE
 * PAGE ARG...); the answer is the case's lines, then "status=0" or
 * "status=1" and the error.  It runs until SIGTERM (or half an hour,
 * should nobody send it).  FG_BROWSER_LOG=FILE appends a line a case to
 * FILE: its wall ms, the CPU ms of the browser's processes and this
 * node's, the case, the page's file name, its query and arguments
 * (cut to 60 characters each), to find where a bats file's time goes. */
"use strict";
const fs = require("fs");
const net = require("net");
const { launch } = require("./lib.cjs");
const { run } = require("./" + (process.argv[2] || "html") + ".cjs");
const LOG = process.env.FG_BROWSER_LOG;

/* CPU ms so far of browser b's processes (those that ended too, once
 * their parent waited for them) and of this node */
function cpums(b) {
	let t = 0;
	const walk = (pid) => {
		try {
			const st = fs.readFileSync("/proc/" + pid + "/stat", "utf8").split(") ")[1].split(" ");
			/* utime, stime, cutime, cstime: ticks of 1/100 s (USER_HZ) */
			t += (+st[11] + +st[12] + +st[13] + +st[14]) * 10;
			const kids = fs.readFileSync("/proc/" + pid + "/task/" + pid + "/children", "utf8");
			kids.split(" ").filter(Boolean).forEach(walk);
		} catch (e) { /* gone meanwhile */ }
	};
	walk(b.process().pid);
	const u = process.cpuUsage();
	return Math.round(t + (u.user + u.system) / 1000);
}

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
			let t0, c0;
			queue = queue.then(() => { if (LOG) { t0 = Date.now(); c0 = cpums(browser); } })
				.then(() => run(what, file, args, query, dark === "1", (l) => lines.push(l), browser))
				.then(() => lines.push("status=0"), (e) => lines.push("status=1", String(e && e.stack || e)))
				.then(() => LOG && fs.appendFileSync(LOG, [Date.now() - t0, cpums(browser) - c0, what,
					file.replace(/.*\//, ""), query.slice(0, 60), args.join(" ").slice(0, 60)].join("\t") + "\n"))
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
