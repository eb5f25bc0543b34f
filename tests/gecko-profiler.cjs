/* gecko-profiler.cjs FILE: load FILE with the Firefox Profiler's own
 * code, the loading path of its web app (unserializeProfileOfArbitraryFormat,
 * the processed-profile upgraders, the redux store and its call tree
 * selectors) as its command-line client @firefox-devtools/profiler-cli
 * bundles it, found under $FG_FIREFOX_PROFILER_NODE_PATH; and print
 * what its call tree shows: for each thread a line
 *
 *   # thread NAME weightType=TYPE samples=N total=T range=START..END
 *
 * (the call tree's root total, and the timeline's range),
 * then the thread's top-down call tree as folded stacks (the
 * functions' names from the root, and each node's self weight where it
 * is not 0).  A profile the profiler refuses, or a call tree it cuts,
 * is reported and exits 1.
 *
 * The client's `load` gives its daemon half a second to start, too
 * little on a loaded machine: the daemon is started here (and waited
 * for up to a minute), without
 * symbolication (nothing is fetched), in a session directory of its
 * own, and stopped at the end. */
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const cp = require("child_process");

const file = path.resolve(process.argv[2]);
const cli = path.join(process.env.FG_FIREFOX_PROFILER_NODE_PATH || "",
	"@firefox-devtools/profiler-cli/dist/profiler-cli.js");
if (!fs.existsSync(cli)) {
	console.error("gecko-profiler.cjs: no " + cli);
	process.exit(2);
}
/* a short directory: the socket's path has 108 bytes at most */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fgpq"));
const env = { ...process.env, PROFILER_CLI_SESSION_DIR: dir, PROFILER_CLI_NO_SYMBOLICATE: "1" };
const session = "fg";
const daemon = cp.spawn(process.execPath, [cli, "--daemon", file, "--session", session],
	{ env, stdio: ["ignore", "ignore", "inherit"] });
let gone = false;
daemon.on("exit", () => { gone = true; });

function done(code) {
	if (!gone) daemon.kill();
	fs.rmSync(dir, { recursive: true, force: true });
	process.exit(code);
}

function fail(m) {
	console.error("gecko-profiler.cjs: " + file + ": " + m);
	done(1);
}

/* a client command's JSON answer, or the client's message */
function ask(args) {
	const r = cp.spawnSync(process.execPath, [cli, ...args, "--session", session, "--json"],
		{ env, encoding: "utf8", maxBuffer: 1 << 30 });
	if (r.status === 0) {
		try {
			return { json: JSON.parse(r.stdout) };
		} catch (e) {
			return { error: "not JSON: " + r.stdout.slice(0, 200) };
		}
	}
	return { error: ((r.error ? r.error.message + " " : "") + r.stderr + r.stdout).trim().slice(0, 1000) };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function main() {
	/* No command before the daemon has published its session: a client
	 * that finds none removes the session's socket and metadata, which
	 * strands a daemon starting up. */
	const meta = path.join(dir, session + ".json");
	for (let i = 0; ; i++) {
		try {
			JSON.parse(fs.readFileSync(meta, "utf8"));
			break;
		} catch (e) {
			if (i >= 600 || gone) fail("the profiler's daemon did not start");
			await sleep(100);
		}
	}
	/* wait for the load */
	let info;
	for (let i = 0; ; i++) {
		info = ask(["profile", "info", "--all"]);
		if (info.json) break;
		if (/load failed|Unserializ|Error: Profile/i.test(info.error) && !/still loading/i.test(info.error))
			fail(info.error);
		if (i >= 100 || gone) fail("the profiler did not load it: " + info.error);
		await sleep(100);
	}

	function fold(node, stack, out) {
		if (node.childrenTruncated) fail("call tree cut at " + stack.join(";"));
		const s = node.name === "<root>" ? stack : stack.concat(node.name);
		if (s.length && node.selfSamples) out.push(s.join(";") + " " + node.selfSamples);
		for (const c of node.children || []) fold(c, s, out);
	}

	for (const proc of info.json.processes) {
		for (const t of proc.threads) {
			const h = t.threadHandle;
			const ti = ask(["thread", "info", "--thread", h]);
			const tree = ask(["thread", "samples-top-down", "--thread", h, "--include-idle",
				"--max-lines", "1000000"]);
			if (!ti.json || !tree.json) fail((ti.error || tree.error));
			const root = tree.json.regularCallTree;
			const r = ti.json.context.rootRange;
			console.log(`# thread ${t.name} weightType=${tree.json.weightType} samples=${ti.json.sampleCount}` +
				` total=${root.totalSamples} range=${r.start}..${r.end}`);
			const out = [];
			fold(root, [], out);
			for (const l of out) console.log(l);
		}
	}
	ask(["stop"]);
	done(0);
}
main();
