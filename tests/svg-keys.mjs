// The keys of fg-svg's script, and its Matched share beside fg-html's
// page for the same search, in headless Chromium: one line KEY=VALUE a
// step.  The search prompt is answered with TERM.
// Usage: node svg-keys.mjs CHROMIUM FILE.svg FILE.html TERM
import path from 'path';
import { pathToFileURL } from 'url';
import { withPage } from './svg-page.mjs';

const [,, chromium, svg, html, term] = process.argv;
const say = (k, v) => console.log(k + '=' + v);
await withPage(chromium, svg, null, async (page) => {
	const prompts = [];
	page.on('dialog', async (d) => { prompts.push(d.type()); await d.accept(term); });
	const matched = () => page.evaluate(() => {
		const m = document.getElementById('matched');
		return m.classList.contains('hide') ? '' : m.textContent;
	});
	const icase = () => page.evaluate(() => document.getElementById('ignorecase').classList.contains('show'));
	const chord = async (mod, key) => {
		await page.keyboard.down(mod);
		await page.keyboard.press(key);
		await page.keyboard.up(mod);
	};
	await page.keyboard.press('F3');
	say('f3', await matched());
	await page.keyboard.press('Escape');
	say('escape', await matched());
	await chord('Control', 'f');
	say('ctrlf', await matched());
	await chord('Control', 'i');
	say('ctrli', (await icase()) + ' ' + await matched());
	await chord('Control', 'i');
	await page.keyboard.press('Escape');
	await page.keyboard.press('/');
	say('slash', (await icase()) + ' ' + await matched());
	say('prompts', prompts.join(' '));
	say('url', await page.evaluate(() => location.search));
	// the page, its search from the URL as the SVG wrote it, then
	// ignoring case (i=1, which the SVG does not keep)
	const q = await page.evaluate(() => location.search);
	for (const extra of ['', '&i=1']) {
		await page.goto(pathToFileURL(path.resolve(html)).href + q + extra);
		await page.waitForSelector('body[data-ready]');
		say('page', await page.$eval('#matched', (e) => e.textContent));
	}
});
