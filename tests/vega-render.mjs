// Render a Vega-Lite or Vega spec (a file name, or stdin) headless with
// the real libraries and print the SVG: proof that the spec compiles,
// parses and draws.  The npm packages vega and vega-lite are looked up
// in the node_modules folder FG_VEGA_NODE_PATH names.  Exits 1 with the
// library's message on an error, 2 when it warned.  With --scene after
// the file name, prints the drawn marks in place of the SVG: a line
// {"width", "height"} (the plot's), then one JSON line a rect or text
// item of the spec's marks (not the legend's): m (its type), d (its
// frame's depth), x, y, w, h, and for text t (the text), o (its opacity)
// and fs (its font size).
import fs from 'fs';
import path from 'path';
import { createRequire } from 'module';
import { pathToFileURL } from 'url';

const dir = process.env.FG_VEGA_NODE_PATH || 'node_modules';
const req = createRequire(path.resolve(dir, 'x.js'));
const load = (name) => import(pathToFileURL(req.resolve(name)).href);

function scene(view) {
	const out = [JSON.stringify({ width: view.width(), height: view.height() })];
	const walk = (node) => {
		if (!node)
			return;
		if (node.marktype && node.role === 'mark' && (node.marktype === 'rect' || node.marktype === 'text')) {
			for (const it of node.items) {
				const r = { m: node.marktype, d: it.datum && it.datum.d, x: it.x, y: it.y,
					w: it.width, h: it.height };
				if (node.marktype === 'text')
					Object.assign(r, { t: it.text, o: it.opacity, fs: it.fontSize });
				out.push(JSON.stringify(r));
			}
			return;
		}
		// a mark's items, a group item's marks
		for (const it of node.items || [])
			walk(it);
	};
	walk(view.scenegraph().root);
	process.stdout.write(out.join('\n') + '\n');
}

try {
	const vega = await load('vega');
	const vl = await load('vega-lite');
	const text = fs.readFileSync(process.argv[2] || 0, 'utf8');
	let spec = JSON.parse(text);
	const warnings = [];
	const logger = vega.logger(vega.Warn);
	// without a browser there is no window to listen to: not the spec's fault
	logger.warn = (...args) => {
		const m = args.join(' ');
		if (!m.includes('event source: window'))
			warnings.push(m);
		return logger;
	};
	if (String(spec.$schema).includes('vega-lite'))
		spec = vl.compile(spec, { logger }).spec;
	const view = new vega.View(vega.parse(spec), { renderer: 'none', logger });
	await view.runAsync();
	if (process.argv[3] === '--scene')
		scene(view);
	else
		process.stdout.write(await view.toSVG());
	if (warnings.length) {
		process.stderr.write(warnings.join('\n') + '\n');
		process.exit(2);
	}
} catch (e) {
	process.stderr.write(String((e && e.stack) || e) + '\n');
	process.exit(1);
}
