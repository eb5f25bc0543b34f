/* font.h: a font family list for a style sheet, inert
 *
 * fg-svg's --fonttype goes into its <style> element.  Written as it is,
 * a value such as "x;} svg{background:url(...)}" would add rules; here
 * every family of the comma-separated list becomes a CSS string whose
 * every character but ASCII letters, digits, space, '-' and '_' is a
 * CSS escape of its code point, so nothing in it can end the string,
 * the declaration or the element.  The generic families (serif, sans-serif, monospace, ...)
 * stay keywords, and sans-serif ends the list.
 */
#ifndef FG_FONT_H
#define FG_FONT_H

/* Write the font-family value for list ("Verdana", "Verdana, Arial"). */
void out_css_fonts(const char *list);

#endif
