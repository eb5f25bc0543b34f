/* html-views.cjs [--no-inflate] PAGE: the views of a page fg-html wrote, as the page's
 * own script decodes them, printed as JSON: {views, names}, views one
 * object a view, {depth, f, w, b, c, e}, with e its elided view's
 * arrays (or null) and c each frame's colour index; names the page's
 * names by id.
 *
 * The page's <script> runs as it is embedded, in a node vm context
 * whose DOM is a stub that takes any call and property (a canvas
 * draws nothing, every size reads 0).  A view is chosen through the
 * URL, ?v=I and &e=1, as a reader's link does, and read back through
 * the page's hook for tests, window.fg.view().  Nothing here knows how
 * the script is cut into functions or files.
 *
 * With --no-inflate, the context has no DecompressionStream, as an old
 * browser: print the text of what the page put in its body, and the
 * error it stopped with. */
"use strict";
const fs = require("fs");
const vm = require("vm");

const old = process.argv[2] === "--no-inflate";
const page = fs.readFileSync(process.argv[old ? 3 : 2], "utf8");
const json = /<script type="application\/json" id="fg-data">\n([\s\S]*?)<\/script>/.exec(page);
const code = Array.from(page.matchAll(/<script>([\s\S]*?)<\/script>/g), (m) => m[1]).join("\n");
if (!json || !code) {
	console.error("html-views: no data or no script in " + process.argv[2]);
	process.exit(1);
}
const D = JSON.parse(json[1]);

/* Anything: callable, constructible, every property another stub (kept,
 * so el.style is one object), a number 0 in arithmetic. */
function stub() {
	const own = new Map();
	return new Proxy(function () {}, {
		get(t, k) {
			if (k === Symbol.toPrimitive) return () => 0;
			if (k === "then") return undefined;
			if (!own.has(k)) own.set(k, stub());
			return own.get(k);
		},
		set(t, k, v) { own.set(k, v); return true; },
		apply() { return stub(); },
		construct() { return stub(); },
	});
}

/* The view the page shows for URL query SEARCH, once its script, which
 * inflates the data first (node's DecompressionStream), has run. */
async function show(search) {
	const document = stub(), data = { textContent: json[1] }, ready = [];
	/* the data element; a handler of the page's loading, run at its end */
	document.getElementById = (id) => (id === "fg-data" ? data : stub());
	document.querySelector = (sel) => (sel === "#fg-data" ? data : stub());
	const listen = (type, fn) => { if (type === "DOMContentLoaded" || type === "load") ready.push(fn); };
	document.addEventListener = listen;
	const g = {
		document, history: stub(), navigator: stub(), console,
		location: { search, pathname: "/page.html", hash: "", href: "file:///page.html" + search },
		innerWidth: 1200, innerHeight: 800, devicePixelRatio: 1,
		addEventListener: listen, removeEventListener() {},
		requestAnimationFrame() { return 0; }, cancelAnimationFrame() {},
		setTimeout() { return 0; }, clearTimeout() {},
		getComputedStyle: stub, matchMedia: stub,
		DecompressionStream, TransformStream, Blob, Response, TextDecoder,
	};
	g.window = g.self = g;
	if (old) {
		delete g.DecompressionStream;
		document.createElement = () => ({});
		document.body = { firstChild: null, insertBefore: (e) => console.log(e.textContent) };
	}
	vm.createContext(g);
	vm.runInContext(code, g, { filename: "page.js", timeout: 20000 });
	for (let t = Date.now(); !g.fg && Date.now() - t < 20000;)
		await new Promise((r) => setTimeout(r, 1));
	ready.forEach((fn) => fn.call(g, stub()));
	if (!g.fg || typeof g.fg.view !== "function")
		throw new Error("the page set no window.fg.view");
	const v = g.fg.view();
	v.colors = Array.from(v.f, (f, i) => g.fg.color(i, v));
	names = names || Array.from(g.fg.names);
	return v;
}

function arrays(v) {
	return { depth: Array.from(v.depth), f: Array.from(v.f), w: Array.from(v.w),
		b: v.b ? Array.from(v.b) : null, c: v.colors };
}

/* the page's names, as its script read them */
let names = null;
async function run() {
	const out = [];
	for (let i = 0; i < D.views.length; i++) out.push(await decoded(D.views[i], i));
	if (!names) await show("");
	process.stdout.write(JSON.stringify({ views: out, names }));
}

async function decoded(r, i) {
	const q = "?v=" + i;
	let main = { depth: [], f: [], w: [], b: null, c: [] };
	/* a view whose stacks all vanished shows its elided view alone */
	if (r.n > 0) {
		const v = await show(q);
		if (v.n !== r.n) throw new Error("view " + i + ": " + v.n + " frames, the data says " + r.n);
		main = arrays(v);
	}
	main.e = r.e ? arrays(await show(q + "&e=1")) : null;
	return main;
}
if (old) {
	process.on("unhandledRejection", (e) => { console.log(e.message); process.exit(0); });
	show("");
} else {
	run().catch((e) => { console.error("html-views: " + e.message); process.exit(1); });
}
