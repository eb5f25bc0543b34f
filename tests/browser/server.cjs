/* server.cjs: one headless Chromium for a whole bats file, so its
 * tests share a launch.  Prints the browser's WebSocket endpoint on a
 * line of its own, then keeps the browser until SIGTERM (or half an
 * hour, should nobody send it); html.cjs connects to it through
 * FG_BROWSER_WS. */
"use strict";
const { launch } = require("./lib.cjs");

(async () => {
	const browser = await launch();
	console.log(browser.wsEndpoint());
	const stop = () => browser.close().then(() => process.exit(0), () => process.exit(0));
	process.on("SIGTERM", stop);
	process.on("SIGINT", stop);
	setTimeout(stop, 1800 * 1000);
})().catch((e) => { console.error(String(e && e.stack || e)); process.exit(1); });
