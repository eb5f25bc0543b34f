/* gecko-schema.cjs FILE: check FILE against the Firefox Profiler's
 * processed profile format, version 70, as src/types/profile.ts of
 * firefox-devtools/profiler types it (RawProfileSharedData, RawThread,
 * RawSamplesTable...) and docs-developer/processed-profile-format.md
 * and CHANGELOG-formats.md describe it: every table's columns there,
 * each as long as its length; indexes that name a row (a frame's func,
 * a func's name and source, a source's filename, a sample's stack);
 * prefixOffset 0 for a root, else back to an earlier stack (version
 * 66); lib and address -1 or an index, an address (version 70); a
 * weightType of the three, weights null or one a sample, and times (or
 * time deltas) one a sample, the times never going back.  The profile
 * the profiler's own code made of a Gecko profile
 * (tests/data/gecko/firefox-page.processed.json.gz) passes it.
 * Prints "ok THREADS FUNCS STACKS TOTAL..." (a total weight per
 * thread), or each fault and exits 1. */
"use strict";
const fs = require("fs");

const p = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const faults = [];
const fault = (m) => faults.push(m);
const isInt = (v) => Number.isInteger(v);

function table(t, where, cols) {
	if (!t || typeof t !== "object") return fault(where + ": missing"), 0;
	if (!isInt(t.length) || t.length < 0) fault(where + ".length: not a count");
	for (const c of cols)
		if (!Array.isArray(t[c])) fault(where + "." + c + ": not an array");
		else if (t[c].length !== t.length) fault(where + "." + c + ": " + t[c].length + " for length " + t.length);
	return t.length;
}
function indexes(t, where, col, n, nullable) {
	(t[col] || []).forEach((v, i) => {
		if (v === null && nullable) return;
		if (!isInt(v) || v < 0 || v >= n) fault(`${where}.${col}[${i}]: ${v} is no index below ${n}`);
	});
}

const m = p.meta || {};
if (m.preprocessedProfileVersion !== 70) fault("meta.preprocessedProfileVersion: not 70");
for (const k of ["interval", "startTime", "version"]) if (typeof m[k] !== "number") fault("meta." + k + ": not a number");
if (!Array.isArray(m.categories) || !m.categories.length) fault("meta.categories: none");
else m.categories.forEach((c, i) => {
	if (typeof c.name !== "string" || typeof c.color !== "string" || !Array.isArray(c.subcategories) || !c.subcategories.length)
		fault("meta.categories[" + i + "]: not {name, color, subcategories}");
});
if (!Array.isArray(m.markerSchema)) fault("meta.markerSchema: not an array");
if (!Array.isArray(p.libs)) fault("libs: not an array");
const sh = p.shared || {};
const strs = sh.stringArray;
if (!Array.isArray(strs) || strs.some((s) => typeof s !== "string")) fault("shared.stringArray: not strings");
const ns = strs ? strs.length : 0;
const nstack = table(sh.stackTable, "stackTable", ["frame", "prefixOffset"]);
const nframe = table(sh.frameTable, "frameTable", ["address", "lib", "inlineDepth", "category", "subcategory",
	"func", "nativeSymbol", "innerWindowID", "line", "column", "originalLocation"]);
const nfunc = table(sh.funcTable, "funcTable", ["name", "isJS", "relevantForJS", "resource", "source",
	"lineNumber", "columnNumber", "originalLocation"]);
table(sh.resourceTable, "resourceTable", ["name", "host", "type"]);
table(sh.nativeSymbols, "nativeSymbols", ["libIndex", "address", "name", "functionSize"]);
const nsrc = table(sh.sources, "sources", ["id", "filename", "startLine", "startColumn", "sourceMapURL", "content"]);
table(sh.sourceLocationTable, "sourceLocationTable", ["source", "line", "column"]);
if (faults.length) { faults.forEach((f) => console.log(f)); process.exit(1); }
indexes(sh.stackTable, "stackTable", "frame", nframe);
sh.stackTable.prefixOffset.forEach((o, i) => {
	if (!isInt(o) || o < 0 || o > i) fault(`stackTable.prefixOffset[${i}]: ${o} not back to an earlier stack`);
});
indexes(sh.frameTable, "frameTable", "func", nfunc);
indexes(sh.frameTable, "frameTable", "category", m.categories.length, true);
for (const c of ["lib", "address"])
	sh.frameTable[c].forEach((v, i) => { if (!isInt(v) || v < -1) fault(`frameTable.${c}[${i}]: ${v}, not -1 or more`); });
indexes(sh.funcTable, "funcTable", "name", ns);
indexes(sh.funcTable, "funcTable", "source", nsrc, true);
for (const c of ["isJS", "relevantForJS"])
	sh.funcTable[c].forEach((v, i) => { if (typeof v !== "boolean") fault(`funcTable.${c}[${i}]: not a boolean`); });
sh.funcTable.lineNumber.forEach((v, i) => { if (v !== null && !(isInt(v) && v > 0)) fault(`funcTable.lineNumber[${i}]: ${v}`); });
indexes(sh.sources, "sources", "filename", ns);
if (!Array.isArray(p.threads) || !p.threads.length) fault("threads: none");
const totals = [];
(p.threads || []).forEach((t, k) => {
	const w = `threads[${k}]`;
	if (typeof t.name !== "string") fault(w + ".name: not a string");
	if (typeof t.isMainThread !== "boolean") fault(w + ".isMainThread: not a boolean");
	if (typeof t.pid !== "string") fault(w + ".pid: not a string");
	if (typeof t.tid !== "number" && typeof t.tid !== "string") fault(w + ".tid");
	for (const c of ["processStartupTime", "registerTime"]) if (typeof t[c] !== "number") fault(w + "." + c);
	if (!Array.isArray(t.pausedRanges)) fault(w + ".pausedRanges");
	table(t.markers, w + ".markers", ["data", "name", "startTime", "endTime", "phase", "category"]);
	const s = t.samples;
	const n = table(s, w + ".samples", ["stack"]);
	if (!s) return;
	const deltas = !s.time;
	table({ length: n, times: s.time || s.timeDeltas }, w + ".samples", ["times"]);
	if (s.weight !== null) table(s, w + ".samples", ["weight"]);
	if (faults.length) return;
	if (!["samples", "tracing-ms", "bytes"].includes(s.weightType)) fault(w + ".samples.weightType: " + s.weightType);
	indexes(s, w + ".samples", "stack", nstack, true);
	let total = 0;
	const times = s.time || s.timeDeltas;
	for (let i = 0; i < n; i++) {
		const wt = s.weight === null ? 1 : s.weight[i];
		if (typeof wt !== "number" || !(wt >= 0)) fault(`${w}.samples.weight[${i}]: ${wt}`);
		if (typeof times[i] !== "number" || (deltas ? i && times[i] < 0 : i && times[i] < times[i - 1]))
			fault(`${w}.samples.time[${i}]: goes back`);
		total += wt;
	}
	totals.push(total);
});
if (faults.length) { faults.forEach((f) => console.log(f)); process.exit(1); }
console.log(["ok", p.threads.length, nfunc, nstack, ...totals].join(" "));
