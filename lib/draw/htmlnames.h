/* htmlnames.h: fg-html's names, colours and options
 *
 * The page's colours are interned, each written once (html_color); at
 * the end of the data (html_tail) come the names, by page id, deflated
 * as the fields are, their annotations apart, each name's colour when
 * colours go by name, --nameattr's titles and links, the colours and
 * their labels', the legend and what the options tell the page.
 */
#ifndef FG_HTMLNAMES_H
#define FG_HTMLNAMES_H

#include <stdint.h>

#include "draw/color.h"
#include "draw/html.h"

/* The page's index of colour c (each colour written once). */
uint32_t html_color(struct html_page *p, struct rgb c);
/* The data after the views (the names ordered: html_order). */
void html_tail(struct html_page *p);

#endif
