// @ts-check
/**
 * The app's addresses under its base: "/" on its own server, a sub-path such as
 * "/yukon/" behind a reverse proxy (the server writes it into <base href>).
 * The app routes by the address below the base and builds every link from it.
 */

/** The base's path without its last "/": "" on its own server, "/yukon" under a sub-path. */
const base = new URL(document.baseURI).pathname.replace(/\/$/, "");

/**
 * @param {string} route an address of the app, such as "/stats"
 * @returns {string} the address the browser goes to, such as "/yukon/stats"
 */
export function href(route) {
  return base + route;
}

/**
 * @param {string} [pathname] an address path, by default the page's own
 * @returns {string} the app's address below the base ("/yukon/stats" → "/stats")
 */
export function route(pathname = location.pathname) {
  return pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : pathname;
}
