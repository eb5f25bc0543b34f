/* noise.js: which of a comparison's changes are past sampling noise, by
 * fg-gate's rule and numbers (lib/report/gatestat.c, gate.c's judge):
 * its default rule, "fail growth > 10% min-share 1%" on each
 * function's total share, at 99% confidence over all the tests, under
 * the sampling model (a side's share a of its N samples, variance
 * (a (1 - a) + 1 / N) / N); Holm's step-down over the tests of growth
 * past the limit, and apart over those of shrinkage past it.  No DOM. */

import { model, cpcmp } from "./model.js";
import { tabulate } from "./tabulate.js";

/* fg-gate's defaults: the growth limit, the least share tested, the
 * confidence of the whole verdict */
export var GATE = { limit: 0.1, minshare: 0.01, confidence: 0.99 };

/* erfc(x): the series of erf near 0, the continued fraction of erfc
 * (Laplace's) further out, each to about double's precision there. */
function erfc(x) {
	var z = Math.abs(x), z2 = z * z, r, sum, term, t, n, f, k;
	if (z < 2.5) {
		sum = term = z;
		for (n = 1; n < 200; n++) {
			term *= -z2 / n;
			t = term / (2 * n + 1);
			sum += t;
			if (Math.abs(t) <= 1e-17 * Math.abs(sum)) break;
		}
		r = 1 - 2 / Math.sqrt(Math.PI) * sum;
	} else {
		for (f = z, k = 80; k >= 1; k--) f = z + k / 2 / f;
		r = Math.exp(-z2) / Math.sqrt(Math.PI) / f;
	}
	return x < 0 ? 2 - r : r;
}
/* The normal's upper tail (the sampling model's statistic is normal). */
export function normtail(z) {
	if (z === Infinity) return 0;
	if (z === -Infinity) return 1;
	return 0.5 * erfc(z / Math.SQRT2);
}
/* gs_stat's statistic of H0: a1 <= c a0 (the normal's: one profile a side). */
export function gatestat(e0, e1, c) {
	var num = e1.a - c * e0.a, v = e1.v + c * c * e0.v;
	if (v <= 0) return num > 0 ? Infinity : num < 0 ? -Infinity : 0;
	return num / Math.sqrt(v);
}
/* A side's estimate of share x / t of n samples. */
export function estimate(x, t, n) {
	var a = t > 0 ? x / t : 0;
	return { a: a, v: (a * (1 - a) + 1 / n) / n };
}
/* Holm's step-down at level alpha over p: rej[i] 1 for each rejected. */
export function holm(p, alpha) {
	var ord = p.map(function (x, i) { return i; }), rej = p.map(function () { return 0; }), k;
	ord.sort(function (i, j) { return p[i] !== p[j] ? (p[i] < p[j] ? -1 : 1) : i - j; });
	for (k = 0; k < ord.length && p[ord[k]] <= alpha / (ord.length - k); k++) rej[ord[k]] = 1;
	return rej;
}

/* The verdicts of rows [{ name, b, t }...] (each function's total in
 * the baseline and the target), of sides of totals T0, T1 and n0, n1
 * samples: a Map name -> { verdict: "regression", "improvement",
 * "noise" (grew past the limit, within noise), "pass"; p, pimp: the
 * p-values of growth and of shrinkage past the limit, as fg-gate
 * gives p the first; a0, a1: the shares };
 * the functions under the least share on both sides are not tested
 * (not in it), as fg-gate leaves them out. */
export function verdicts(rows, T0, T1, n0, n1) {
	var g = GATE, alpha = 1 - g.confidence, tests = [], p = [], q = [], out = new Map(), rej, irej;
	rows = rows.slice().sort(function (x, y) { return cpcmp(x.name, y.name); });
	rows.forEach(function (r) {
		var e0 = estimate(r.b, T0, n0), e1 = estimate(r.t, T1, n1);
		if ((e0.a === 0 && e1.a === 0) || (e0.a < g.minshare && e1.a < g.minshare)) return;
		var x = { name: r.name, e0: e0, e1: e1, preg: normtail(gatestat(e0, e1, 1 + g.limit)), pimp: -1 };
		if (g.limit < 1) x.pimp = normtail(-gatestat(e0, e1, 1 - g.limit));
		tests.push(x);
		p.push(x.preg);
		q.push(x.pimp);
	});
	rej = holm(p, alpha);
	irej = holm(q, alpha);
	tests.forEach(function (x, i) {
		var v = rej[i] ? "regression" : x.e1.a > (1 + g.limit) * x.e0.a ? "noise" : "pass";
		if (irej[i]) v = "improvement";
		out.set(x.name, { verdict: v, p: x.preg, pimp: x.pimp, a0: x.e0.a, a1: x.e1.a });
	});
	return out;
}
/* The verdicts of comparison view v (its widths the target's, or with
 * neg the baseline's), by function, of sides of n[0] and n[1] samples;
 * null when either side's samples are unknown (a unit other than a
 * count states none); rows, when given, v's table by function. */
export function viewverdicts(v, n, neg, rows) {
	if (!(n[0] > 0) || !(n[1] > 0)) return null;
	rows = (rows || tabulate(v, "function")).map(function (r) {
		return { name: r.name, b: neg ? r.total : r.btotal, t: neg ? r.btotal : r.total };
	});
	return verdicts(rows, neg ? v.w[0] : v.b[0], neg ? v.b[0] : v.w[0], n[0], n[1]);
}

/* The verdict of the change of view v's total (its root), of sides S
 * (setnoise's: { n, t }, baseline first), neg: v's widths the
 * baseline's: each total a count of samples, those of the root's share
 * of its side's total S.t (a transform's view holds fewer), of relative
 * variance 1 / n (a count's variance is itself, as the sampling model
 * gives a small share's), tested by a function's rule (the growth
 * limit, the confidence) but alone, not among Holm's tests: fg-gate
 * tests shares, and a total's share is always all.  { verdict, p,
 * pimp, a0, a1 } as verdicts() gives them (a0, a1 the totals), or
 * null: a side of none. */
export function rootverdict(v, S, neg) {
	var g = GATE, alpha = 1 - g.confidence, T0, T1, n0, n1, e0, e1, p, q, k;
	if (!S || !v.b || !v.n) return null;
	T0 = neg ? v.w[0] : v.b[0];
	T1 = neg ? v.b[0] : v.w[0];
	if (!(T0 > 0) || !(T1 > 0) || !(S.t[0] > 0) || !(S.t[1] > 0) || !(S.n[0] > 0) || !(S.n[1] > 0)) return null;
	n0 = S.n[0] * T0 / S.t[0];
	n1 = S.n[1] * T1 / S.t[1];
	k = T1 / T0;
	e0 = { a: 1, v: 1 / n0 };
	e1 = { a: k, v: k * k / n1 };
	p = normtail(gatestat(e0, e1, 1 + g.limit));
	q = g.limit < 1 ? normtail(-gatestat(e0, e1, 1 - g.limit)) : -1;
	return { verdict: p <= alpha ? "regression" : q >= 0 && q <= alpha ? "improvement" : k > 1 + g.limit ? "noise" : "pass",
		p: p, pimp: q, a0: T0, a1: T1 };
}
/* Whether frame i of view v is drawn as within noise: its function's
 * change not past it (setnoise's flags), or for fg's root the total's
 * (rootverdict); false without verdicts. */
export function noisy(v, i) {
	var x;
	if (!model.noise) return false;
	/* a root not fg's "all" (the sandwich's function) is a function's */
	if (i > 0 || !v.rooted || v.f[0] !== model.allid) return model.noise[v.f[i]] === 1;
	x = rootverdict(v, model.noisesides, model.negate);
	return !!x && x.verdict !== "regression" && x.verdict !== "improvement";
}
/* What the verdict of view v's total says, in words ("" without one,
 * or when v's root is not fg's "all"). */
var TOTALWORD = { regression: "past noise: the total grew past 10%", improvement: "past noise: the total shrank past 10%",
	noise: "within noise (the total grew past 10%, not surely)", pass: "within noise (no change of the total past 10%)" };
export function rootword(v) {
	var x = model.verdicts && v.f[0] === model.allid && rootverdict(v, model.noisesides, model.negate);
	return x ? TOTALWORD[x.verdict] : "";
}
