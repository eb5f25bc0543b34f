// reduce.cjs IN OUT: a preprocessed V8 log (node --prof-process
// --preprocess) cut down to what its ticks name (see README)
const fs = require("fs");
const p = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const map = new Map();
for (const t of p.ticks)
	for (let i = 0; i < t.s.length; i += 2)
		if (t.s[i] >= 0 && !map.has(t.s[i])) map.set(t.s[i], map.size);
const code = [];
for (const [old, id] of map) code[id] = p.code[old];
const fmap = new Map();
for (const c of code)
	if (c && c.func !== undefined && !fmap.has(c.func)) fmap.set(c.func, fmap.size);
const functions = [];
for (const [old, id] of fmap)
	functions[id] = { name: p.functions[old].name,
		codes: p.functions[old].codes.filter(k => map.has(k)).map(k => map.get(k)) };
for (const c of code)
	if (c && c.func !== undefined) c.func = fmap.get(c.func);
const ticks = p.ticks.map(t => ({ tm: t.tm, vm: t.vm,
	s: t.s.map((v, i) => i % 2 || v < 0 ? v : map.get(v)) }));
const out = { code, functions, ticks };
if (p.scripts) {
	const keep = new Set(code.filter(c => c && c.source).map(c => c.source.script));
	out.scripts = p.scripts.map((s, i) => s && keep.has(i) ?
		{ url: s.url, source: process.argv[4] && s.url.endsWith(process.argv[4]) ? s.source : "", name: s.name, id: s.id } : null);
}
fs.writeFileSync(process.argv[3], JSON.stringify(out, null, 1) + "\n");
