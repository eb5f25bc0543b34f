// Render a Vega-Lite or Vega spec (a file name, or stdin) headless with
// the real libraries and print the SVG: proof that the spec compiles,
// parses and draws.  The npm packages vega and vega-lite are looked up
// in the node_modules folder FG_VEGA_NODE_PATH names.  Exits 1 with the
// library's message on an error, 2 when it warned.
import fs from 'fs';
import path from 'path';
import { createRequire } from 'module';
import { pathToFileURL } from 'url';

const dir = process.env.FG_VEGA_NODE_PATH || 'node_modules';
const req = createRequire(path.resolve(dir, 'x.js'));
const load = (name) => import(pathToFileURL(req.resolve(name)).href);

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
	process.stdout.write(await view.toSVG());
	if (warnings.length) {
		process.stderr.write(warnings.join('\n') + '\n');
		process.exit(2);
	}
} catch (e) {
	process.stderr.write(String((e && e.stack) || e) + '\n');
	process.exit(1);
}
