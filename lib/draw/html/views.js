/* views.js: the view the state asks for (state.js): the input's view
 * or its elided stacks, through the transforms, in the mode's form;
 * each built once and kept.  No DOM. */

/* each view of the data, as built (build) once shown: whole, and elided */
var built = [];

/* A view whose stacks all vanished has its elided view alone. */
function onlyelided(i) { return DATA.views[i].n === 0; }
/* The view on screen: the input's (or its elided stacks), built once. */
function baseview() {
	var r = DATA.views[state.v], b;
	UNIT = r.unit || DATA.unit;
	CNAME = r.countname || DATA.countname;
	if (onlyelided(state.v)) state.elided = true;
	b = built[state.v] = built[state.v] || {};
	if (state.elided && r.e) return elidedview();
	if (!b.whole) {
		b.whole = build(r, r.name);
		/* a differential view's vanished stacks go with it, once each */
		if (DATA.diff && r.e) withvan(b.whole, vanstacks(elidedview()));
	}
	return b.whole;
}
/* The elided view of the view on screen, built once. */
function elidedview() {
	var r = DATA.views[state.v], b = built[state.v] = built[state.v] || {};
	return b.elided || (b.elided = build(r.e, r.name));
}
/* The view with the transforms (state.tx) applied: each of the list's
 * beginnings built once, so that a transform added is the one
 * computed, and one undone costs nothing. */
function current() {
	var b = baseview(), c = b.txc || (b.txc = []), v = b, k, key;
	/* a differential view's stacks of baseline only (no samples of the
	 * target's end there) keep their names through every transform of
	 * a list, where a step's merge would prune them into their callers:
	 * the list at once, on each stack; so too a view with the vanished
	 * stacks (van), which a transform of the tree cannot carry */
	if (b.b && (state.tx.length > 1 || b.van && state.tx.length)) {
		key = JSON.stringify(state.tx);
		if (!b.txall || b.txall.key !== key) b.txall = { key: key, v: transform(b, state.tx) };
		return b.txall.v;
	}
	for (k = 0; k < state.tx.length; k++) {
		key = JSON.stringify(state.tx[k]);
		if (!c[k] || c[k].key !== key) {
			c.length = k;
			c[k] = { key: key, v: transform1(v, state.tx[k]) };
		}
		v = c[k].v;
	}
	return v;
}
/* The view the mode draws (the table's rows are of current()'s). */
function view() { return curmode().view(current()); }
/* Bottom-up: the stacks of b reversed, built once. */
function bottomupof(b) {
	/* with vanished stacks, every stack reversed, theirs too */
	return b.bottomup || (b.bottomup = b.van ? transform(b, [], true) : bottomup(b));
}
/* The sandwich of state.fn (by state.by) in view b, built once a function. */
function sandwichof(b) {
	if (!b.sand || b.sand.fn !== state.fn || b.sand.by !== state.by) b.sand = sandwich2(b, state.fn, state.by);
	return b.sand;
}
