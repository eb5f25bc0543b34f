/* jseval.cjs SCRIPT EXPR...: run SCRIPT, a script file of the viewers'
 * (lib/draw/viewer.js), in a node vm context that has no DOM, then
 * print each EXPR's value, evaluated in that context, as JSON on a line
 * of its own (undefined as "undefined").  For unit tests of the parts
 * of the viewers' scripts that touch no DOM. */
"use strict";
const fs = require("fs");
const vm = require("vm");

const ctx = vm.createContext({});
vm.runInContext(fs.readFileSync(process.argv[2], "utf8"), ctx, { filename: process.argv[2] });
for (const expr of process.argv.slice(3)) {
	const v = vm.runInContext(expr, ctx);
	console.log(v === undefined ? "undefined" : JSON.stringify(v));
}
