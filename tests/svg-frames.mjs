// Print the frames fg-svg's script works with, as headless Chromium
// loads the graph: one line "view depth x width name" a frame, in
// layout order.  Usage: node svg-frames.mjs CHROMIUM FILE.svg
// The npm package puppeteer-core is looked up in the node_modules
// folder that FG_PUPPETEER_NODE_PATH names.
import path from 'path';
import { createRequire } from 'module';
import { pathToFileURL } from 'url';

const dir = process.env.FG_PUPPETEER_NODE_PATH || 'node_modules';
const req = createRequire(path.resolve(dir, 'x.js'));
const { default: puppeteer } = await import(pathToFileURL(req.resolve('puppeteer-core')).href);
const [,, chromium, file] = process.argv;
const browser = await puppeteer.launch({ executablePath: chromium, args: ['--no-sandbox'], headless: true });
try {
	const page = await browser.newPage();
	page.on('pageerror', (e) => { console.log('error: ' + e.message); process.exitCode = 1; });
	await page.goto(pathToFileURL(path.resolve(file)).href);
	const lines = await page.evaluate(() => {
		const out = [];
		views.forEach((v, k) => {
			for (let i = 0; i < v.rects.length; i++) {
				const d = v.F[i * S], n = v.F[i * S + 3];
				const name = d == 0 ? 'all' : n < 0 ? '+' + -n + ' more' : v.n[n];
				out.push([k, d, v.F[i * S + 1], v.F[i * S + 2], name].join(' '));
			}
		});
		return out;
	});
	console.log(lines.join('\n'));
} finally {
	await browser.close();
}
