/* speedscope-schema.cjs SCHEMA FILE: check FILE against speedscope's
 * file-format-schema.json (SCHEMA), with the part of JSON Schema
 * draft-07 that schema uses ($ref, type, const, enum, properties,
 * required, items, anyOf), then what the schema cannot say but
 * speedscope's importer needs: as many weights as samples, frame
 * indexes that name a frame, weights that are whole and positive or
 * zero, adding up to endValue - startValue; for an evented profile,
 * events that name a frame, at values that never go back, from
 * startValue to endValue, each close the frame last opened and
 * nothing open at the end.  Prints "ok PROFILES FRAMES TOTAL..." (a
 * total per profile), or each fault and exits 1. */
"use strict";
const fs = require("fs");

const [schemaFile, file] = process.argv.slice(2);
const schema = JSON.parse(fs.readFileSync(schemaFile, "utf8"));
const doc = JSON.parse(fs.readFileSync(file, "utf8"));
const faults = [];

function typeOk(t, v) {
	switch (t) {
	case "object": return v !== null && typeof v === "object" && !Array.isArray(v);
	case "array": return Array.isArray(v);
	case "string": return typeof v === "string";
	case "number": return typeof v === "number" && isFinite(v);
	default: throw new Error("schema type not handled: " + t);
	}
}

/* The faults of v against schema s, at path p. */
function check(s, v, p) {
	const out = [];
	if (s.$ref) {
		const name = s.$ref.replace(/^#\/definitions\//, "");
		if (!schema.definitions[name]) throw new Error("no definition " + s.$ref);
		out.push(...check(schema.definitions[name], v, p));
	}
	if (s.type && !typeOk(s.type, v)) return out.concat([p + ": not a " + s.type]);
	if ("const" in s && v !== s.const) out.push(p + ": not " + JSON.stringify(s.const));
	if (s.enum && !s.enum.includes(v)) out.push(p + ": " + JSON.stringify(v) + " not one of " + s.enum.join(", "));
	for (const k of s.required || [])
		if (!(k in v)) out.push(p + ": " + k + " missing");
	for (const k of Object.keys(s.properties || {}))
		if (k in v) out.push(...check(s.properties[k], v[k], p + "." + k));
	if (s.items && Array.isArray(v)) v.forEach((x, i) => out.push(...check(s.items, x, p + "[" + i + "]")));
	if (s.anyOf && !s.anyOf.some((a) => check(a, v, p).length === 0))
		out.push(p + ": matches none of anyOf");
	return out;
}

/* An evented profile's faults into faults; its total. */
function evented(pr, p) {
	const open = [];
	let at = pr.startValue;
	pr.events.forEach((e, j) => {
		const q = p + ".events[" + j + "]";
		if (!Number.isInteger(e.frame) || e.frame < 0 || e.frame >= doc.shared.frames.length)
			faults.push(q + ": no frame " + e.frame);
		if (e.at < at) faults.push(q + ": at " + e.at + " before " + at);
		at = e.at;
		if (e.type === "O") open.push(e.frame);
		else if (open.pop() !== e.frame) faults.push(q + ": closes frame " + e.frame + ", not the last opened");
	});
	if (open.length) faults.push(p + ": " + open.length + " frames open at the end");
	if (at > pr.endValue) faults.push(p + ": an event at " + at + ", after endValue");
	return pr.endValue - pr.startValue;
}

faults.push(...check(schema, doc, "$"));
const totals = [];
if (!faults.length) {
	doc.profiles.forEach((pr, i) => {
		const p = "$.profiles[" + i + "]";
		if (pr.type === "evented") { totals.push(evented(pr, p)); return; }
		if (pr.type !== "sampled") { faults.push(p + ": not sampled"); return; }
		if (pr.samples.length !== pr.weights.length) faults.push(p + ": samples and weights differ in length");
		pr.samples.forEach((st, j) => st.forEach((f) => {
			if (!Number.isInteger(f) || f < 0 || f >= doc.shared.frames.length)
				faults.push(p + ".samples[" + j + "]: no frame " + f);
		}));
		let t = 0;
		for (const w of pr.weights) {
			if (!Number.isSafeInteger(w) || w < 0) faults.push(p + ": weight " + w + " not a whole number");
			t += w;
		}
		if (t !== pr.endValue - pr.startValue) faults.push(p + ": weights add up to " + t + ", not " + (pr.endValue - pr.startValue));
		totals.push(t);
	});
}
if (faults.length) {
	for (const f of faults) console.log(f);
	process.exit(1);
}
console.log("ok " + doc.profiles.length + " " + doc.shared.frames.length + " " + totals.join(" "));
