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
 * error it stopped with.  With --serve DIR, many pages in one node
 * (serve.cjs: a request's argument PAGE; fgdata in html.bash). */
"use strict";
const fs = require("fs");
const path = require("path");
const vm = require("vm");

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

/* Page file's data and script: { D, json, code }. */
function read(file) {
	const page = fs.readFileSync(file, "utf8");
	const json = /<script type="application\/json" id="fg-data">\n([\s\S]*?)<\/script>/.exec(page);
	const code = Array.from(page.matchAll(/<script>([\s\S]*?)<\/script>/g), (m) => m[1]).join("\n");
	if (!json || !code) throw new Error("no data or no script in " + file);
	return { D: JSON.parse(json[1]), json: json[1], code };
}

/* The view page p (read's) shows for URL query SEARCH, once its script,
 * which inflates the data first (node's DecompressionStream), has run;
 * the page's names, as its script read them, to got(names).  old: as
 * --no-inflate says, its body's text to say(line). */
async function show(p, search, got, old, say) {
	const document = stub(), data = { textContent: p.json }, ready = [];
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
		document.body = { firstChild: null, insertBefore: (e) => say(e.textContent) };
	}
	vm.createContext(g);
	vm.runInContext(p.code, g, { filename: "page.js", timeout: 20000 });
	for (let t = Date.now(); !g.fg && Date.now() - t < 20000;)
		await new Promise((r) => setTimeout(r, 1));
	ready.forEach((fn) => fn.call(g, stub()));
	if (!g.fg || typeof g.fg.view !== "function")
		throw new Error("the page set no window.fg.view");
	const v = g.fg.view();
	v.colors = Array.from(v.f, (f, i) => g.fg.color(i, v));
	got(Array.from(g.fg.names));
	return v;
}

function arrays(v) {
	return { depth: Array.from(v.depth), f: Array.from(v.f), w: Array.from(v.w),
		b: v.b ? Array.from(v.b) : null, c: v.colors };
}

/* The views of page file, as JSON text. */
async function views(file) {
	const p = read(file), out = [];
	let names = null;
	const got = (n) => { names = names || n; };
	for (let i = 0; i < p.D.views.length; i++) {
		const r = p.D.views[i], q = "?v=" + i;
		let main = { depth: [], f: [], w: [], b: null, c: [] };
		/* a view whose stacks all vanished shows its elided view alone */
		if (r.n > 0) {
			const v = await show(p, q, got);
			if (v.n !== r.n) throw new Error("view " + i + ": " + v.n + " frames, the data says " + r.n);
			main = arrays(v);
		}
		main.e = r.e ? arrays(await show(p, q + "&e=1", got)) : null;
		out.push(main);
	}
	if (!names) await show(p, "", got);
	return JSON.stringify({ views: out, names });
}

const fail = (e) => { console.error("html-views: " + e.message); process.exit(1); };
if (process.argv[2] === "--serve") {
	require("./serve.cjs").serve(process.argv[3], "html-views", async (cwd, [file], out) => out(await views(path.resolve(cwd, file))));
} else if (process.argv[2] === "--no-inflate") {
	process.on("unhandledRejection", (e) => { console.log(e.message); process.exit(0); });
	let p;
	try { p = read(process.argv[3]); } catch (e) { fail(e); }
	show(p, "", () => {}, true, (l) => console.log(l));
} else {
	views(process.argv[2]).then((j) => process.stdout.write(j), fail);
}
