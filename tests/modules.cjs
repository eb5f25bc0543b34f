/* modules.cjs: the viewers' script files (ES modules: lib/draw/regex.js,
 * viewer.js, html/*.js) under node, for unit tests of the parts that
 * touch no DOM.
 *
 *   load(files)  a promise of the exports of each file, and of every
 *                module it imports (read from its import lines), by
 *                name: what the joined page has in its one scope
 *
 * A module that acts when loaded (a DOM it does not have) throws, its
 * error named by the file given.
 *
 *   node --experimental-vm-modules modules.cjs --check FILE...
 *
 * parses each file alone as a module (node --check's test, one node
 * for them all): each error on a line "FILE: ERROR", status 1. */
"use strict";
const fs = require("fs");
const path = require("path");
const { pathToFileURL } = require("url");

/* The files file imports, itself first, each once (into seen). */
function graph(file, seen) {
	file = path.resolve(file);
	if (seen.has(file)) return seen;
	seen.add(file);
	const src = fs.readFileSync(file, "utf8");
	for (const m of src.matchAll(/^import [^;]*? from "([^"]+)";/gm))
		graph(path.resolve(path.dirname(file), m[1]), seen);
	return seen;
}

async function load(files) {
	const seen = new Set(), out = {};
	for (const f of files) graph(f, seen);
	for (const f of seen) {
		let m;
		try {
			m = await import(pathToFileURL(f).href);
		} catch (e) {
			throw new Error(path.basename(f) + ": " + e.message);
		}
		for (const k of Object.keys(m)) if (!(k in out)) out[k] = m[k];
	}
	return out;
}

/* Each file parsed alone as a module; the number that failed. */
function check(files) {
	const vm = require("vm");
	let bad = 0;
	for (const f of files) {
		try {
			new vm.SourceTextModule(fs.readFileSync(f, "utf8"), { identifier: f });
		} catch (e) {
			console.error(f + ": " + e);
			bad++;
		}
	}
	return bad;
}

module.exports = { load, graph };
if (require.main === module && process.argv[2] === "--check")
	process.exitCode = check(process.argv.slice(3)) ? 1 : 0;
