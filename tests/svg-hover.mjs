// Hover frames of an fg-svg graph in headless Chromium through
// puppeteer-core and print, one JSON line a frame, the details line
// and the tooltip the script shows.  Usage:
//   node svg-hover.mjs CHROMIUM FILE.svg X,Y...
// with X,Y the place of a frame of the graph.  The npm package
// puppeteer-core is looked up in the node_modules folder that
// FG_PUPPETEER_NODE_PATH names.
import { withPage } from './svg-page.mjs';

const [,, chromium, file, ...places] = process.argv;
await withPage(chromium, file, { width: 1200, height: 800 }, async (page) => {
	for (const p of places) {
		const [x, y] = p.split(',');
		await page.hover(`#frames rect[x="${x}"][y="${y}"]`);
		console.log(JSON.stringify(await page.evaluate(() => ({
			details: document.getElementById('details').textContent,
			tip: document.querySelector('#tip text').textContent,
		}))));
	}
});
