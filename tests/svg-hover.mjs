// Hover frames of an fg-svg graph in headless Chromium through
// puppeteer-core and print, one JSON line a frame, the details line
// and the tooltip the script shows.  Usage:
//   node svg-hover.mjs CHROMIUM FILE.svg X,Y...
// with X,Y the place of a frame of the graph.  The npm package
// puppeteer-core is looked up in the node_modules folder that
// FG_PUPPETEER_NODE_PATH names.
import path from 'path';
import { createRequire } from 'module';
import { pathToFileURL } from 'url';

const dir = process.env.FG_PUPPETEER_NODE_PATH || 'node_modules';
const req = createRequire(path.resolve(dir, 'x.js'));
const { default: puppeteer } = await import(pathToFileURL(req.resolve('puppeteer-core')).href);
const [,, chromium, file, ...places] = process.argv;
const browser = await puppeteer.launch({ executablePath: chromium, args: ['--no-sandbox'], headless: true });
try {
	const page = await browser.newPage();
	page.on('pageerror', (e) => { console.log('error: ' + e.message); process.exitCode = 1; });
	await page.setViewport({ width: 1200, height: 800 });
	await page.goto(pathToFileURL(path.resolve(file)).href);
	for (const p of places) {
		const [x, y] = p.split(',');
		await page.hover(`#frames rect[x="${x}"][y="${y}"]`);
		console.log(JSON.stringify(await page.evaluate(() => ({
			details: document.getElementById('details').textContent,
			tip: document.querySelector('#tip text').textContent,
		}))));
	}
} finally {
	await browser.close();
}
