/* vega.js: fg-vega --html's script, after the spec (var spec), vega-embed's
 * options (fgopt) and where the libraries come from (fgfrom): the graph
 * embedded, its view as window.fgview, or a message in its place when
 * Vega could not be loaded (offline) or could not draw. */
var fgmsg = document.getElementById("fgmsg");
function fgfail(why) {
	fgmsg.textContent = "The graph needs the Vega libraries from " + fgfrom + ", " + why +
		". Offline, draw the profile with fg-html (an interactive page with nothing to " +
		"download) or fg-svg (an SVG that any browser opens) instead.";
}
if (typeof vegaEmbed === "undefined")
	fgfail("which could not be loaded (offline?)");
else
	vegaEmbed("#vis", spec, fgopt).then(function (r) { window.fgview = r.view; fgmsg.remove(); },
		function (e) { fgfail("which failed: " + e.message); });
