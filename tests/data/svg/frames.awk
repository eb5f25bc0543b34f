# The frames of an SVG that titles its rects, as "y<TAB>name<TAB>samples
# <TAB>fill" lines (fill as rgb(r,g,b)), one a rect: inferno's (a <title>
# then its <rect>) or fg-svg's (a <rect>, then its <title>); for comparing
# the two's graphs whatever their boxes' rounding.
function hex(s) {
	s = tolower(s)
	return (index("0123456789abcdef", substr(s, 1, 1)) - 1) * 16 + index("0123456789abcdef", substr(s, 2, 1)) - 1
}
function rgb(f) {
	if (f ~ /^#[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]$/)
		return sprintf("rgb(%d,%d,%d)", hex(substr(f, 2, 2)), hex(substr(f, 4, 2)), hex(substr(f, 6, 2)))
	return f
}
function attr(s, a) {
	if (!match(s, " " a "=\"[^\"]*\"")) return ""
	return substr(s, RSTART + length(a) + 3, RLENGTH - length(a) - 4)
}
# "NAME (N samples, P%)": NAME unescaped, N without its commas
function frame(t, r,    n) {
	if (!match(t, / \([0-9,.]+ [a-z]+, [0-9.]+%(; [-+0-9.]+%)?\)$/)) return
	n = substr(t, RSTART + 2)
	sub(/ .*/, "", n)
	gsub(/,/, "", n)
	t = substr(t, 1, RSTART - 1)
	gsub(/&lt;/, "<", t); gsub(/&gt;/, ">", t); gsub(/&quot;/, "\"", t); gsub(/&#39;/, "'", t)
	gsub(/&amp;/, "\\&", t)
	print attr(r, "y") "\t" t "\t" n "\t" rgb(attr(r, "fill"))
}
# fg-svg breaks a frame's line after "<rect": each rect on a line again
{ if (open) $0 = "<rect " $0; open = sub(/<rect$/, "") }
{
	s = $0
	while (match(s, /<title>[^<]*<\/title><rect [^>]*>/)) {
		m = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
		t = m; sub(/^<title>/, "", t); sub(/<\/title>.*/, "", t)
		r = m; sub(/^.*<\/title>/, "", r)
		frame(t, r)
	}
	while (match(s, /<rect [^>]*><title>[^<]*<\/title>/)) {
		m = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
		r = m; sub(/<title>.*/, "", r)
		t = m; sub(/.*<title>/, "", t); sub(/<\/title>$/, "", t)
		frame(t, r)
	}
}
