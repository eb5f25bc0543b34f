// Print the frames fg-svg's script works with, as headless Chromium
// loads the graph: one line "view depth x width name" a frame, in
// layout order.  Usage: node svg-frames.mjs CHROMIUM FILE.svg...
// With several files, each one's lines end in a line "--", all read in
// one browser.
// The npm package puppeteer-core is looked up in the node_modules
// folder that FG_PUPPETEER_NODE_PATH names.
import { withPages } from './svg-page.mjs';

const [,, chromium, ...files] = process.argv;
await withPages(chromium, files, null, async (page) => {
	const lines = await page.evaluate(() => {
		const out = [];
		views.forEach((v, k) => {
			for (let i = 0; i < v.rects.length; i++) {
				const d = v.F[i * stride], n = v.F[i * stride + 3];
				const name = d == 0 ? 'all' : n < 0 ? '+' + -n + ' more' : v.n[n];
				out.push([k, d, v.F[i * stride + 1], v.F[i * stride + 2], name].join(' '));
			}
		});
		return out;
	});
	console.log(lines.join('\n'));
	if (files.length > 1)
		console.log('--');
});
