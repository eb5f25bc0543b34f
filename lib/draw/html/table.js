/* table.js: the function table (m=table): tabulate.js's rows in an
 * HTML <table>, sortable by any column, filtered by the search, the
 * first 100 rows until asked for all; a click on a row opens the
 * sandwich of its frames. */

import { group } from "../viewer.js";
import { shown } from "./model.js";
import { state, settableby } from "./state.js";
import { columns } from "./tabulate.js";
import { rowsof } from "./views.js";
import { el } from "./paint.js";
import { activate } from "./toolbar.js";
import { sandwich } from "./sandwich.js";
import { refresh } from "./main.js";

/* the rows drawn until all are asked for */
var TABLEMAX = 100;
/* Draw the table of view v into el.table. */
export function table(v) {
	var t = el.table, cols = columns(v);
	t.textContent = "";
	var by = document.createElement("select");
	by.id = "tableby";
	[["", "Grouped by frame"], ["function", "Grouped by function"], ["file", "Grouped by file"]].forEach(function (o) {
		var e = document.createElement("option");
		e.value = o[0];
		e.textContent = o[1];
		by.appendChild(e);
	});
	by.value = state.tby;
	by.title = "a row a frame (a label with its annotation), a function (all its files and lines), or a file, as fg-top --by";
	by.onchange = function () { settableby(by.value); refresh(); };
	t.appendChild(by);
	var tab = document.createElement("table"), head = tab.createTHead().insertRow();
	cols.forEach(function (c, j) {
		var th = document.createElement("th");
		/* a sort keeps the header, and the focus on it, and makes the
		 * rows again */
		activate(th, function () {
			var key = Math.min(state.tsort, cols.length - 1);
			state.tdesc = j === key ? !state.tdesc : j < cols.length - 2;
			state.tsort = j;
			tablerows(v, cols, tab);
		});
		head.appendChild(th);
	});
	t.appendChild(tab);
	tablerows(v, cols, tab);
}
/* The rows of view v into table tab, sorted as the state says, its
 * header's marks and the "Show all" button after it made again. */
function tablerows(v, cols, tab) {
	var key = Math.min(state.tsort, cols.length - 1), get = cols[key][1], dir = state.tdesc ? -1 : 1;
	var rows = rowsof(v), k, n, more = document.getElementById("tableall");
	if (state.re) rows = rows.filter(function (r) { return state.re.test(shown(r.name)); });
	rows = rows.slice().sort(function (a, b) {
		var x = get(a), y = get(b);
		return (x < y ? -dir : x > y ? dir : 0) || (a.name < b.name ? -1 : 1);
	});
	Array.prototype.forEach.call(tab.tHead.rows[0].cells, function (th, j) {
		th.textContent = cols[j][0] + (j === key ? (state.tdesc ? " \u25bc" : " \u25b2") : "");
		th.setAttribute("aria-sort", j === key ? (state.tdesc ? "descending" : "ascending") : "none");
	});
	if (tab.tBodies[0]) tab.removeChild(tab.tBodies[0]);
	var body = document.createElement("tbody");
	n = state.tall ? rows.length : Math.min(rows.length, TABLEMAX);
	for (k = 0; k < n; k++) row(body, cols, rows[k]);
	tab.appendChild(body);
	if (more) more.parentNode.removeChild(more);
	if (n < rows.length) {
		more = document.createElement("button");
		more.id = "tableall";
		more.textContent = "Show all " + group(rows.length) + " rows";
		more.onclick = function () { state.tall = true; tablerows(v, cols, tab); };
		el.table.appendChild(more);
	}
}
function row(body, cols, r) {
	var tr = body.insertRow();
	cols.forEach(function (c) {
		var td = tr.insertCell(), x = c[1](r);
		td.textContent = c[2](x);
		if (typeof x === "number") td.setAttribute("data-v", x);
	});
	/* a row's sandwich: of its frames (a label's, or a function's) */
	if (state.tby === "file") return;
	activate(tr, function () { sandwich(r.sand, r.by); });
}
