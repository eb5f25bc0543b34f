/* heat.js: FlameScope's heat map of a view in time order (a chart,
 * chart.js): a column a second of its axis, a row an offset within the
 * second (HEATROWS of them, the first at the top), a cell the counts
 * of the runs in it, the idle frames' left out (they are time, not
 * work); a range of cells, in time order, a window in counts
 * (window.js makes it the URL's w=).  Only an axis of time has
 * seconds.  No DOM. */

import { chartruns } from "./chart.js";
import { TIME } from "./model.js";
import { isidle } from "./window.js";

/* the rows of a column, FlameScope's: 20 ms each */
export var HEATROWS = 50;

/* The counts in a second of unit u (a model.unit), 0: no time. */
export function persecond(u) { return TIME[u] ? 1e9 / TIME[u] : 0; }


/* The heat map of chart v, per counts a column, rows a column (default
 * HEATROWS): { cols, rows, per, total: the axis's counts, cell: a
 * Float64Array, cell[c * rows + r] the counts of column c's row r
 * (busy: its idle left out), max: the largest cell }. */
export function heatmap(v, per, rows) {
	var total = 0, at = 0, cols, cell, max = 0, k;
	rows = rows || HEATROWS;
	chartruns(v, function (s, w) { total += w; });
	cols = Math.max(1, Math.ceil(total / per));
	cell = new Float64Array(cols * rows);
	/* where cell k starts: one product, one division, exact on whole counts */
	function edge(k) { return k * per / rows; }
	chartruns(v, function (s, w) {
		var a = at, e = at + w, ce;
		at = e;
		if (isidle(s)) return;
		k = Math.floor(a * rows / per);
		while (k > 0 && edge(k) > a) k--;
		while (edge(k + 1) <= a) k++;
		for (; a < e && k < cell.length; k++, a = ce) {
			ce = Math.min(e, edge(k + 1));
			cell[k] += ce - a;
		}
	});
	for (k = 0; k < cell.length; k++) if (cell[k] > max) max = cell[k];
	return { cols: cols, rows: rows, per: per, total: total, cell: cell, max: max };
}

/* The counts [lo, hi) of heat map H's cells from k0 to k1 (either
 * order; cell c * rows + r), the last one's end cut at the axis's. */
export function cellspan(H, k0, k1) {
	var a = Math.min(k0, k1), b = Math.max(k0, k1) + 1;
	return [a * H.per / H.rows, Math.min(H.total, b * H.per / H.rows)];
}
