/* rxdiff.cjs REGEX_JS RXCHECK FILE...: the page's matcher (REGEX_JS,
 * lib/draw/regex.js, a module imported: modules.cjs) against fg's
 * (lib/base/regex.c, through tests/tools/rxcheck RXCHECK) on the regex
 * fuzzing harness's inputs (tests/fuzz/regex/: a flags byte, the
 * pattern, a NUL, the text): each input as it is, then every pattern
 * under every flag on every text.  Both must refuse a pattern alike,
 * with the same message, or find a match or none alike.  Bytes are
 * read as UTF-8 (a bad sequence as U+FFFD) into the page's strings, and
 * those strings' UTF-8 bytes are what rxcheck gets.  Each difference is
 * printed; the exit status is 1 if there was one. */
"use strict";
const fs = require("fs");
const { load } = require("./modules.cjs");
const { spawnSync } = require("child_process");

const [jsfile, rxcheck, ...files] = process.argv.slice(2);
let ctx = null;
const dec = new TextDecoder("utf-8");

/* the inputs: [flags, pattern, text] as strings */
const inputs = [];
for (const f of files) {
	const b = fs.readFileSync(f), nul = b.indexOf(0, 1);
	if (b.length < 1 || nul < 0) continue;
	inputs.push([b[0] & 3, dec.decode(b.subarray(1, nul)), dec.decode(b.subarray(nul + 1))]);
}
const pats = [...new Set(inputs.map((x) => x[1]))], texts = [...new Set(inputs.map((x) => x[2]))];
const cases = inputs.slice();
for (const p of pats) for (let fl = 0; fl < 4; fl++) for (const t of texts) cases.push([fl, p, t]);

/* fg's answers, one a case: "1", "0" or "! message" */
function u32(n) { const b = Buffer.alloc(4); b.writeUInt32LE(n); return b; }
const q = [];
for (const [fl, p, t] of cases) {
	const pb = Buffer.from(p, "utf8"), tb = Buffer.from(t, "utf8");
	q.push(Buffer.from([fl]), u32(pb.length), pb, u32(tb.length), tb);
}
/* (RXDIFF_WANT=FILE: fg's answers kept in FILE, and taken from it by the
 * next run on the same inputs: one rxcheck for many regex.js) */
const kept = process.env.RXDIFF_WANT;
let want = kept && fs.existsSync(kept) ? fs.readFileSync(kept, "utf8").split("\n") : null;
if (!want || want.length !== cases.length + 1) {
	const r = spawnSync(rxcheck, { input: Buffer.concat(q), maxBuffer: 1 << 30 });
	if (r.status !== 0) {
		process.stderr.write("rxdiff: " + rxcheck + " failed: " + r.stderr);
		process.exit(2);
	}
	if (kept) fs.writeFileSync(kept, r.stdout);
	want = r.stdout.toString().split("\n");
}

/* the page's, each pattern compiled once a flag */
const compiled = new Map();
function page(fl, p, t) {
	const key = fl + "\0" + p;
	if (!compiled.has(key)) {
		try { compiled.set(key, ctx.rxcompile(p, fl)); }
		catch (e) { compiled.set(key, "! " + e.message); }
	}
	const m = compiled.get(key);
	return typeof m === "string" ? m : m.test(t) ? "1" : "0";
}
function show(s) { return JSON.stringify(s.length > 80 ? s.slice(0, 80) + "..." : s); }

load([jsfile]).then((m) => {
	ctx = m;
	check();
}, (e) => { console.error("rxdiff: " + e.message); process.exit(2); });

function check() {
	let bad = 0;
	cases.forEach(([fl, p, t], i) => {
		const got = page(fl, p, t);
		if (got === want[i]) return;
		if (++bad <= 20)
			console.log("rxdiff: /" + show(p) + "/ flags " + fl + " on " + show(t) + ": regex.c " +
				want[i] + ", regex.js " + got);
	});
	console.log("rxdiff: " + cases.length + " cases, " + pats.length + " patterns, " + texts.length +
		" texts, " + bad + " different");
	process.exit(bad ? 1 : 0);
}
