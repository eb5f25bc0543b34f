/* vega.cjs: fg-vega --html --vega-dir's page in headless Chromium
 * through puppeteer-core, every request refused (lib.cjs), for
 * tests/fg-vega.bats.
 *
 *   node vega.cjs offline PAGE [PNG]
 *
 * or through run() in server.cjs.  Opens PAGE, waits for the graph
 * (window.fgview, the page's view) or the page's message, then drags
 * the plot down by 200 px.  Prints, one a line: errors=... | none (the
 * page's errors and the console's, a script the policy refused among
 * them), requests=... | none, drawn=1 (a canvas or an SVG in #vis) or msg=TEXT,
 * height=PX (the plot's), ydom=A,B (the y scale's domain, in levels),
 * labels=N (the labels drawn inside the plot), minrow=PX (the shortest
 * of their rows), then after the drag ydrag=A,B.  PNG, when given,
 * gets a screenshot of the page before the drag. */
"use strict";
const { open } = require("./lib.cjs");

/* The view's labels inside the plot, and the shortest of their rows. */
function labels() {
	const v = window.fgview, H = v.height(), y = v.scale("y");
	let n = 0, minrow = Infinity;
	const walk = (node) => {
		if (node.marktype === "text" && node.role === "mark") {
			for (const it of node.items) {
				if (!it.opacity || it.y < 0 || it.y > H) continue;
				n++;
				minrow = Math.min(minrow, Math.abs(y(it.datum.d + 1) - y(it.datum.d)));
			}
			return;
		}
		for (const it of node.items || []) walk(it);
	};
	walk(v.scenegraph().root);
	return { n, minrow };
}

async function offline(file, args, out, browser) {
	const o = await open(file, "", { browser, ready: false, width: 1300, height: 900 });
	try {
		const { page } = o;
		await page.waitForFunction(() => window.fgview || !document.getElementById("fgmsg") ||
			!/^Drawing/.test(document.getElementById("fgmsg").textContent), { timeout: 60000 });
		await page.evaluate(() => window.fgview && window.fgview.runAsync());
		const drawn = await page.evaluate(() => !!document.querySelector("#vis canvas, #vis svg.marks") && !!window.fgview);
		if (args[0]) await page.screenshot({ path: args[0] });
		out("errors=" + (o.errors.length ? o.errors.join(" | ") : "none"));
		out("requests=" + (o.requests.length ? o.requests.join(" ") : "none"));
		if (!drawn) {
			out("msg=" + await page.evaluate(() => (document.getElementById("fgmsg") || {}).textContent));
			return;
		}
		out("drawn=1");
		out("height=" + await page.evaluate(() => window.fgview.height()));
		out("ydom=" + await page.evaluate(() => window.fgview.scale("y").domain().join(",")));
		const l = await page.evaluate(labels);
		out("labels=" + l.n);
		out("minrow=" + l.minrow);
		/* a drag down from the plot's middle */
		const box = await page.evaluate(() => {
			const r = document.querySelector("#vis canvas, #vis svg.marks").getBoundingClientRect();
			return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
		});
		await page.mouse.move(box.x, box.y);
		await page.mouse.down();
		for (let i = 1; i <= 4; i++) await page.mouse.move(box.x, box.y + 50 * i);
		await page.mouse.up();
		await page.evaluate(() => window.fgview.runAsync());
		out("ydrag=" + await page.evaluate(() => window.fgview.scale("y").domain().join(",")));
	} finally {
		await o.close();
	}
}

/* Case what ("offline") on file, args [PNG], its lines to out. */
async function run(what, file, args, query, dark, out, browser) {
	if (what !== "offline") throw new Error("no such case: " + what);
	await offline(file, args, out, browser);
}
module.exports = { run };

if (require.main === module) {
	const [what, file, ...args] = process.argv.slice(2);
	run(what, file, args, "", false, (l) => console.log(l))
		.catch((e) => { console.error(String(e && e.stack || e)); process.exit(1); });
}
