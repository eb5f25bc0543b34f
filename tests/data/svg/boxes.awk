# The frames of an SVG as "y x width name" lines, for comparing graphs:
# flamegraph.pl's (a <title> then a <rect> per frame) or fg-svg's (the
# rects in order, names from the script's data or, when it has none,
# from each rect's title).  x and width as written, or with -v fixed=1
# as flamegraph.pl writes them, "%.1f" (fg-svg writes "10" and ".1").
function unjson(s,    out, c, i) {
	out = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c == "\\") {
			i++
			c = substr(s, i, 1)
			if (c == "u") { c = sprintf("%c", ("0x" substr(s, i + 1, 4)) + 0); i += 4 }
			else if (c == "n") c = "\n"
			else if (c == "t") c = "\t"
		}
		out = out c
	}
	return out
}
function attr(s, a,    v) {
	if (!match(s, " " a "=\"[^\"]*\"")) return ""
	v = substr(s, RSTART + length(a) + 3, RLENGTH - length(a) - 4)
	return v
}
function num(s) {
	return !fixed || s == "" ? s : sprintf("%.1f", s)
}
# The name in a title "NAME (N samples, P%...)": all before the
# parenthesis that the final ')' closes (NAME may hold parentheses).
function titlename(t,    i, c, depth) {
	depth = 0
	for (i = length(t); i > 0; i--) {
		c = substr(t, i, 1)
		if (c == ")") depth++
		else if (c == "(" && --depth == 0) break
	}
	return substr(t, 1, i - 2)
}
function unxml(s) {
	gsub(/&lt;/, "<", s); gsub(/&gt;/, ">", s); gsub(/&quot;/, "\"", s); gsub(/&#39;/, "'", s)
	gsub(/&amp;/, "\\&", s)
	return s
}
# fg-svg breaks a frame's line after "<rect": each rect on a line again
{ if (open) $0 = "<rect " $0; open = sub(/<rect$/, "") }
# flamegraph.pl
/^<title>/ {
	t = $0
	sub(/^<title>/, "", t)
	sub(/ \([0-9,.]+ [a-z]+, [0-9.]+%(; [-+0-9.]+%)?\)<\/title>.*$/, "", t)
	r = $0
	sub(/.*<rect/, "", r)
	print attr(r, "y"), num(attr(r, "x")), num(attr(r, "width")), unxml(t)
	next
}
# fg-svg
/^var D = \{n:\[$/ { innames = 1; next }
innames && /^\],$/ { innames = 0; next }
innames { s = $0; sub(/,$/, "", s); names[nn++] = unjson(substr(s, 2, length(s) - 2)); next }
/^f:\[$/ { inf = 1; next }
inf && /^\],$/ { inf = 0; next }
inf { data = data $0; next }
/^s:[45], / { stride = substr($0, 3, 1) + 0 }
/^<g id="frames">$/ && data != "" { inframes = 1; nf = split(data, F, ","); k = 0; next }
/^<g id="frames">$/ { intitles = 1; next }
(inframes || intitles) && /^<\/g>$/ { inframes = intitles = 0; next }
intitles {
	t = $0
	sub(/^.*<title>/, "", t)
	sub(/<\/title>.*$/, "", t)
	print attr($0, "y"), num(attr($0, "x")), num(attr($0, "width")), unxml(titlename(t))
	next
}
inframes {
	d = F[k * stride + 1]; n = F[k * stride + 4]; k++
	name = d == 0 ? "all" : n < 0 ? "+" (-n) " more" : names[n]
	print attr($0, "y"), num(attr($0, "x")), num(attr($0, "width")), name
}
