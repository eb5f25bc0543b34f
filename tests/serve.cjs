/* serve.cjs: a test helper's many runs in one node, for a bats file
 * (helper.bash's served and serve_connect): serve(dir, who, handle) listens
 * on a loopback port, printed on a line of its own, for requests of
 * NUL-terminated fields: their number, the directory, a file for
 * standard output and one for standard error, then the arguments.
 * Each, one at a time, is handle(cwd, args, out, console): out(line)
 * a line of its output, console one whose log and info write there
 * too and whose error and warn write its standard error; answered with
 * its status, 1 when it threw (the error said after "who: ").  It ends
 * on SIGTERM, once dir is gone, or after half an hour. */
"use strict";
const fs = require("fs");
const net = require("net");
const util = require("util");

function serve(dir, who, handle) {
	let queue = Promise.resolve();
	const server = net.createServer((sock) => {
		let buf = "";
		sock.setEncoding("utf8");
		sock.on("error", () => {});
		sock.on("data", (d) => {
			buf += d;
			const f = buf.split("\0");
			const n = parseInt(f[0], 10);
			if (!(f.length > n + 1)) return;
			const [cwd, outf, errf, ...args] = f.slice(1, n + 1);
			const out = [], err = [];
			const say = (a) => a.map((x) => (typeof x === "string" ? x : util.inspect(x))).join(" ");
			const cons = { log: (...a) => out.push(say(a)), info: (...a) => out.push(say(a)),
				error: (...a) => err.push(say(a)), warn: (...a) => err.push(say(a)) };
			queue = queue.then(() => handle(cwd, args, (l) => out.push(l), cons))
				.then(() => 0, (e) => { err.push(who + ": " + (e.stack || e)); return 1; })
				.then((st) => {
					fs.writeFileSync(outf, out.length ? out.join("\n") + "\n" : "");
					fs.writeFileSync(errf, err.length ? err.join("\n") + "\n" : "");
					sock.end(st + "\n");
				});
		});
	});
	server.listen(0, "127.0.0.1", () => console.log(server.address().port));
	process.on("SIGTERM", () => process.exit(0));
	setInterval(() => { if (dir && !fs.existsSync(dir)) process.exit(0); }, 1000);
	setTimeout(() => process.exit(0), 1800 * 1000);
}

module.exports = { serve };
