/* jseval.cjs MODULE EXPR...: import MODULE, a script file of the
 * viewers' (lib/draw/viewer.js, regex.js), with what it imports
 * (modules.cjs), in node, no DOM; then print each EXPR's value,
 * evaluated in a vm context that has their exports, as JSON on a line
 * of its own (undefined as "undefined").  For unit tests of the parts
 * of the viewers' scripts that touch no DOM. */
"use strict";
const vm = require("vm");
const { load } = require("./modules.cjs");

load([process.argv[2]]).then((mods) => {
	const ctx = vm.createContext(mods);
	for (const expr of process.argv.slice(3)) {
		const v = vm.runInContext(expr, ctx);
		console.log(v === undefined ? "undefined" : JSON.stringify(v));
	}
}, (e) => { console.error("jseval: " + e.message); process.exit(1); });
