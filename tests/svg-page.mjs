// What the svg-*.mjs scripts share: FILE opened in headless Chromium
// (CHROMIUM, the browser's path) through puppeteer-core, looked up in
// the node_modules folder that FG_PUPPETEER_NODE_PATH names.  An error
// the page's script throws is printed ("error: ...") and makes the exit
// status 1.
import path from 'path';
import { createRequire } from 'module';
import { pathToFileURL } from 'url';

// Run use(page) on FILE's page, in a window of viewport's size (or
// puppeteer's own), and close the browser after.
export async function withPage(chromium, file, viewport, use) {
	await withPages(chromium, [file], viewport, (page) => use(page));
}

// The same for each of files in turn, a page each, in one browser:
// use(page, file).
export async function withPages(chromium, files, viewport, use) {
	const dir = process.env.FG_PUPPETEER_NODE_PATH || 'node_modules';
	const req = createRequire(path.resolve(dir, 'x.js'));
	const { default: puppeteer } = await import(pathToFileURL(req.resolve('puppeteer-core')).href);
	const browser = await puppeteer.launch({ executablePath: chromium, args: ['--no-sandbox'], headless: true });
	try {
		for (const file of files) {
			const page = await browser.newPage();
			page.on('pageerror', (e) => { console.log('error: ' + e.message); process.exitCode = 1; });
			if (viewport)
				await page.setViewport(viewport);
			await page.goto(pathToFileURL(path.resolve(file)).href);
			await use(page, file);
			await page.close();
		}
	} finally {
		await browser.close();
	}
}
