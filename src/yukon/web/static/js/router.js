// @ts-check
//# allFunctionsCalledOnLoad
/**
 * The app's addresses: which view each shows (the game, or a page: Statistics,
 * the game history and a game of it watched move by move, Rules, Examples and
 * FAQ), in-app links followed without reloading, and what the pages ask of
 * the game (play a deal, take a game up again, practise from a move), after
 * which the game is shown.
 */
import { byId } from "./dialogs.js";
import { t } from "./i18n.js";
import { href, route } from "./paths.js";

/** @typedef {import("./controller.js").GameController} GameController */
/** @typedef {import("./dialogs.js").Toast} Toast */
/** @typedef {import("./focus.js").BoardFocus} BoardFocus */

/** The pages, by the first part of their address; /history/{id} watches a game. */
const PAGES = new Set(["stats", "history", "rules", "examples", "faq"]);

/**
 * A page shown in place of the game; closed when the player leaves it.
 * @typedef {object} Page
 * @property {() => Promise<void>} render
 * @property {() => void} [close]
 */

/**
 * What the router needs of the app.
 * @typedef {object} Shell
 * @property {GameController} game
 * @property {Toast} toast
 * @property {BoardFocus} focus
 * @property {() => string | null} visit           the language a link's ?lang= chose for this visit
 * @property {() => Promise<void>} opened          settles once the visit's game is in
 * @property {() => void} showNotice               the no-move notice follows the view shown
 * @property {() => void} layout                   the game is shown: its board is laid out
 * @property {() => void} closeMenu
 * @property {(error: unknown) => void} failed
 */

export class Router {
  /** @param {Shell} shell */
  constructor(shell) {
    this.shell = shell;
    /** @type {Page | null} */
    this.page = null;
    /** Counts the addresses shown, so that a page that loads late is not drawn over a newer one. */
    this.routes = 0;
    const game = shell.game;
    /** @type {import("./history.js").HistoryActions} */
    this.pageActions = {
      play: (code) => this.playDeal(code),
      resume: (id) => this.resume(id),
      currentId: () => shell.opened().then(() => game.state?.id ?? null),
      practice: (id, moves) => this.practice(id, moves),
      reviewed: (id) => void game.refresh(id).catch((error) => console.warn(error)),
    };
  }

  /**
   * Follow an in-app link without reloading the page.
   * @param {MouseEvent} event
   */
  follow(event) {
    const link = /** @type {HTMLElement} */ (event.target).closest("a[data-route]");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    this.shell.closeMenu();
    this.navigate(route(/** @type {HTMLAnchorElement} */ (link).pathname));
  }

  /**
   * Show the game or a page of the app, as a link to *path* would.
   * @param {string} path
   * @param {{review: boolean} | null} [state] kept with the address: a Watch page asked to review its game
   */
  navigate(path, state = null) {
    if (path !== route()) history.pushState(state, "", href(path) + visitQuery(this.shell.visit()));
    this.route();
  }

  /** *Where did it go wrong?* of the game on the board: its Watch page, asking at once. */
  review() {
    const id = this.shell.game.state?.id;
    if (id) this.navigate(`/history/${encodeURIComponent(id)}`, { review: true });
  }

  /**
   * *Try from here*: a practice game of game *id*'s deal, its line's first
   * *moves* moves played, on the board with the focus.
   * @param {string} id
   * @param {number} moves
   */
  async practice(id, moves) {
    try {
      await this.shell.game.practice(id, moves);
      this.navigate("/");
      this.shell.toast.show(moves ? t("review.practice_started", { number: moves }) : t("review.practice_started_deal"));
      this.shell.focus.go(this.shell.focus.spot);
    } catch (error) {
      this.shell.failed(error);
    }
  }

  /**
   * Take up an unfinished game from the game history again and show it.
   * @param {string} id
   */
  async resume(id) {
    try {
      if (id !== this.shell.game.state?.id) await this.shell.game.resume(id);
      this.navigate("/");
    } catch (error) {
      this.shell.failed(error);
    }
  }

  /**
   * Start a new game of *code* (from the game history) and show it.
   * @param {string} code
   */
  async playDeal(code) {
    try {
      await this.shell.game.newGame({ code });
      this.navigate("/");
    } catch (error) {
      this.shell.failed(error);
    }
  }

  /**
   * Play the daily deal of *day* under *rules* (from the calendar) and show it.
   * @param {string} day YYYY-MM-DD
   * @param {string} rules
   */
  async playDaily(day, rules) {
    try {
      await this.shell.game.newGame({ daily: day, rules });
      this.navigate("/");
    } catch (error) {
      this.shell.failed(error);
    }
  }

  /** Show the game or the page the address names. */
  route() {
    const [name = "", detail = null, ...rest] = pathParts();
    const known = PAGES.has(name) && !rest.length && (detail === null || name === "history");
    const page = known ? name : null;
    byId("view-game").hidden = page !== null;
    byId("view-page").hidden = page === null;
    this.shell.showNotice();
    this.routes += 1;
    this.page?.close?.();
    this.page = null;
    for (const link of document.querySelectorAll(".menu-items a[data-route]")) {
      link.toggleAttribute("aria-current", route(/** @type {HTMLAnchorElement} */ (link).pathname) === `/${page ?? ""}`);
    }
    document.title = page ? `${t(`page.${page}.title`)} — ${t("app.title")}` : t("app.title");
    if (page === null) {
      this.shell.layout();
      return;
    }
    window.scrollTo(0, 0);
    this.showPage(page, detail).catch((error) => this.shell.failed(error));
  }

  /**
   * Load a page's module on first use (the game does not wait for them) and draw it.
   * @param {string} page
   * @param {string | null} detail the game a /history/{id} address names
   */
  async showPage(page, detail) {
    const article = byId("page");
    const route = this.routes;
    article.replaceChildren();
    const shown = await this.loadPage(article, page, detail);
    // Another address may have been followed while the module loaded.
    if (!shown || route !== this.routes) return;
    this.page = shown;
    await shown.render();
  }

  /**
   * @param {HTMLElement} article
   * @param {string} page
   * @param {string | null} detail
   * @returns {Promise<Page | null>} the page to draw, or null for a text page (drawn at once)
   */
  async loadPage(article, page, detail) {
    if (page === "examples") return new (await import("./examples.js")).ExamplesPage(article);
    if (page === "stats") {
      return new (await import("./stats.js")).StatsPage(article, (day, rules) => this.playDaily(day, rules));
    }
    if (page === "history" && detail !== null) {
      const review = !!history.state?.review;
      return new (await import("./watch.js")).WatchPage(article, this.pageActions, detail, review);
    }
    if (page === "history") return new (await import("./history.js")).HistoryPage(article, this.pageActions);
    const route = this.routes;
    const { renderTextPage } = await import("./pages.js");
    if (route === this.routes) renderTextPage(article, /** @type {"rules" | "faq"} */ (page));
    return null;
  }
}

/**
 * @param {string | null} visit a link's language for this visit
 * @returns {string} the query that keeps it in the address ("" without one)
 */
function visitQuery(visit) {
  return visit ? `?lang=${visit}` : "";
}

/** @returns {string[]} the parts of the address's path, decoded ("/history/k3J9" → ["history", "k3J9"]) */
function pathParts() {
  return route()
    .split("/")
    .filter(Boolean)
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    });
}

/**
 * @param {string | null} visit
 * @returns {string | null} the game code of a /play/CODE address, which is then left
 */
export function linkedCode(visit) {
  const match = route().match(/^\/play\/([^/]+)\/?$/);
  if (!match) return null;
  history.replaceState(null, "", href(`/${visitQuery(visit)}`));
  return decodeURIComponent(match[1]);
}
