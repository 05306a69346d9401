// @ts-check
/**
 * The game history (SPEC §6): the player's games, newest first, each with its
 * date, code, rules (and the day of a daily deal), outcome, score, moves and
 * time, and the ways on from it: watch it move by move (watch.js), play its
 * deal again, or take it up again when it is not finished (a game left by
 * Replay or New game is not lost). A practice game (begun by *Try from here*,
 * review.js) is marked as one.
 */
import { api } from "./api.js";
import { dayText } from "./daily.js";
import { formatDateTime, formatDuration, formatNumber } from "./format.js";
import { t } from "./i18n.js";
import { element, pageLinks, routeLink } from "./pages.js";
import { rulesName } from "./rulesets.js";

/** @typedef {import("./api.js").GameSummary} GameSummary */

/**
 * What the history pages may ask of the app.
 * @typedef {object} HistoryActions
 * @property {(code: string) => void} play  start a new game of this code and show it
 * @property {(id: string) => void} resume   show this unfinished game, made the game in progress again
 * @property {() => Promise<string | null>} currentId the id of the game in progress, once it is loaded
 * @property {(id: string, moves: number) => Promise<void>} practice  start a practice game of this game's
 *     deal with the first *moves* moves of its line played, and show it
 */

/** The most games the API lists at once. */
export const LIST_LIMIT = 200;

/** The words of a game's outcome, by its class. */
const OUTCOMES = /** @type {const} */ ({
  won: "history.won",
  in_progress: "history.in_progress",
  unfinished: "history.unfinished",
});


/**
 * @param {{won: boolean, id: string}} game
 * @param {string | null} current the id of the game in progress
 * @returns {keyof typeof OUTCOMES}
 */
export function outcome(game, current) {
  if (game.won) return "won";
  return game.id === current ? "in_progress" : "unfinished";
}

/**
 * @param {keyof typeof OUTCOMES} kind
 * @returns {HTMLElement} the outcome as a small badge
 */
export function outcomeBadge(kind) {
  const badge = element("span", `badge ${kind}`, t(OUTCOMES[kind]));
  badge.dataset.outcome = kind;
  return badge;
}

/** @returns {HTMLElement} the mark of a practice game, which counts toward no streak or best */
export function practiceBadge() {
  const badge = element("span", "badge practice", t("history.practice"));
  badge.dataset.practice = "";
  return badge;
}

/**
 * @param {string} key the catalog key of the label
 * @param {string} value
 * @returns {HTMLElement}
 */
function figure(key, value) {
  const node = element("span", "game-figure");
  node.append(element("span", "label", t(key)), " ", element("b", "", value));
  return node;
}

/**
 * @param {string} key
 * @param {() => void} action
 * @param {string} [className]
 * @returns {HTMLButtonElement}
 */
export function actionButton(key, action, className = "") {
  const button = element("button", className, t(key));
  button.type = "button";
  button.addEventListener("click", action);
  return button;
}

/**
 * @param {GameSummary} game
 * @param {string | null} current
 * @param {HistoryActions} actions
 * @returns {HTMLElement} the game's row: what it was, and what can be done with it
 */
function row(game, current, actions) {
  const kind = outcome(game, current);
  const item = element("li", "game-row");
  item.dataset.game = game.id;
  const head = element("span", "game-head");
  head.append(element("span", "game-date", formatDateTime(new Date(game.created * 1000))), outcomeBadge(kind));
  const deal = element("span", "game-deal");
  deal.append(element("code", "", game.code), " ", element("span", "game-rules", rulesName(game.rules)));
  if (game.daily) deal.append(" ", element("span", "badge daily", t("info.daily", { date: dayText(game.daily) })));
  if (game.practice) head.append(practiceBadge());
  const figures = element("span", "game-figures");
  figures.append(
    figure("info.score", formatNumber(game.score)),
    figure("info.moves", formatNumber(game.moves)),
    figure("info.time", formatDuration(game.elapsed_ms)),
  );
  const buttons = element("span", "game-actions");
  const watch = routeLink(`/history/${encodeURIComponent(game.id)}`, t("history.watch"));
  watch.className = "button";
  if (kind !== "won") buttons.append(actionButton("history.resume", () => actions.resume(game.id), "primary"));
  buttons.append(watch, actionButton("history.play", () => actions.play(game.code)));
  item.append(head, deal, figures, buttons);
  return item;
}

export class HistoryPage {
  /**
   * @param {HTMLElement} article
   * @param {HistoryActions} actions
   */
  constructor(article, actions) {
    this.article = article;
    this.actions = actions;
    this.closed = false;
  }

  /** Load the list and draw it (unless the page was left meanwhile). */
  async render() {
    const { games } = await api.listGames(LIST_LIMIT);
    const current = await this.actions.currentId();
    if (this.closed) return;
    // A game without a move is no game yet: the statistics do not count it either.
    const played = games.filter((game) => game.moves > 0);
    /** @type {HTMLElement[]} */
    const body = [];
    if (played.length) {
      const list = element("ul", "game-list");
      list.append(...played.map((game) => row(game, current, this.actions)));
      body.push(element("p", "", t("history.intro")), list);
      if (games.length >= LIST_LIMIT) body.push(element("p", "note", t("history.limit", { count: LIST_LIMIT })));
    } else {
      body.push(element("p", "empty-state", t("history.empty")));
    }
    const title = element("h1", "", t("page.history.title"));
    this.article.replaceChildren(title, ...body, pageLinks("/stats", "nav.stats"));
  }

  close() {
    this.closed = true;
  }
}
