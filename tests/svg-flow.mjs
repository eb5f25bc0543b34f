// Drive an fg-svg graph in headless Chromium through puppeteer-core: open
// the elided view, zoom there, go back, reload; print the URL's query and
// what is shown after each step, one JSON line a step.  Usage:
//   node svg-flow.mjs CHROMIUM FILE.svg X Y
// with X, Y the place of a frame of the elided view.  The npm package
// puppeteer-core is looked up in the node_modules folder that
// FG_PUPPETEER_NODE_PATH names.
import { withPage } from './svg-page.mjs';

const [,, chromium, file, x, y] = process.argv;
await withPage(chromium, file, { width: 1200, height: 800 }, async (page) => {
	const step = async (name) => console.log(JSON.stringify(await page.evaluate((name) => ({
		step: name,
		query: location.search,
		view: document.getElementById('frames').classList.contains('hide') ? 'elided' : 'main',
		zoomed: !document.getElementById('unzoom').classList.contains('hide'),
		control: document.getElementById('elided').textContent,
	}), name)));
	await step('open');
	await page.click('#elided');
	await step('elided');
	await page.click(`#eframes > rect[x="${x}"][y="${y}"]`);
	await step('zoomed');
	await page.click('#elided');
	await step('back');
	await page.reload();
	await step('reload');
});
