// @ts-check
/**
 * The Statistics page (SPEC §6): the daily deal's streaks, today's figures and
 * calendar, under a rule set of the player's choice; and for each rule set, the
 * games played and won, the win rate, the streaks, the best score, the fastest
 * win and the fewest moves of a win, as the server counts them (GET /api/v1/stats).
 */
import { api } from "./api.js";
import { DailyCalendar } from "./calendar.js";
import { figuresText } from "./daily.js";
import { formatDuration, formatNumber, formatPercent } from "./format.js";
import { t } from "./i18n.js";
import { LoadedPage, element, pageLinks } from "./pages.js";
import { ruleSetIds, rules, rulesName } from "./rulesets.js";

/** @typedef {import("./api.js").RulesStats} RulesStats */
/** @typedef {import("./api.js").Stats} Stats */
/** @typedef {import("./api.js").DailyCodes} DailyCodes */

/** The rule set whose daily deal the page shows; kept while the app is open. */
let dailyRules = "";

/** Shown for a best that does not exist yet (no win, say). */
const NONE = "—";

/**
 * @typedef {object} Figure
 * @property {string} name   the API's name of the figure
 * @property {string} key    the catalog key of its label
 * @property {(figures: RulesStats) => string} value  the figure, written the language's way
 */

/**
 * @param {number | null} value
 * @param {(value: number) => string} format
 * @returns {string}
 */
function orNone(value, format) {
  return value === null ? NONE : format(value);
}

/** The three headline figures, drawn large. */
/** @type {Figure[]} */
const HEADLINE = [
  { name: "played", key: "stats.played", value: (s) => formatNumber(s.played) },
  { name: "won", key: "stats.won", value: (s) => formatNumber(s.won) },
  { name: "win_rate", key: "stats.win_rate", value: (s) => orNone(s.win_rate, formatPercent) },
];

/** The streaks and bests, listed below them. */
/** @type {Figure[]} */
const DETAILS = [
  { name: "current_streak", key: "stats.current_streak", value: (s) => formatNumber(s.current_streak) },
  { name: "best_streak", key: "stats.best_streak", value: (s) => formatNumber(s.best_streak) },
  { name: "best_score", key: "stats.best_score", value: (s) => orNone(s.best_score, formatNumber) },
  { name: "fastest_win", key: "stats.fastest_win", value: (s) => orNone(s.fastest_win_ms, formatDuration) },
  { name: "fewest_moves", key: "stats.fewest_moves", value: (s) => orNone(s.fewest_moves, formatNumber) },
];


/**
 * @param {Figure} figure
 * @param {RulesStats} figures
 * @returns {HTMLElement}
 */
function tile(figure, figures) {
  const node = element("div", "tile");
  node.dataset.figure = figure.name;
  node.append(element("span", "tile-value", figure.value(figures)), element("span", "tile-label", t(figure.key)));
  return node;
}

/**
 * @param {RulesStats} figures
 * @returns {HTMLElement}
 */
function details(figures) {
  const list = element("dl", "figures");
  for (const figure of DETAILS) {
    const value = element("dd", "", figure.value(figures));
    value.dataset.figure = figure.name;
    list.append(element("dt", "", t(figure.key)), value);
  }
  return list;
}

/**
 * @param {string} rules a rule set's id
 * @param {string} title the catalog key of the rule set's name
 * @param {RulesStats} figures
 * @returns {HTMLElement}
 */
function ruleSet(rules, title, figures) {
  const section = element("section", "rules-stats");
  section.dataset.rules = rules;
  section.append(element("h2", "", t(title)));
  if (figures.played === 0) {
    section.append(element("p", "none-yet", t("stats.none_yet")));
    return section;
  }
  const tiles = element("div", "tiles");
  tiles.append(...HEADLINE.map((figure) => tile(figure, figures)));
  section.append(tiles, details(figures));
  return section;
}

/** The daily deal's part of the page, under the rule set chosen in it. */
class DailySection {
  /**
   * @param {Stats} stats
   * @param {DailyCodes} days
   * @param {(day: string, rules: string) => void} play plays a day's deal
   */
  constructor(stats, days, play) {
    this.stats = stats;
    this.days = days;
    this.play = play;
    this.root = element("section", "daily-stats");
    this.root.setAttribute("aria-labelledby", "daily-stats-title");
    const title = element("h2", "", t("stats.daily"));
    title.id = "daily-stats-title";
    this.choice = element("select");
    this.choice.id = "daily-rules";
    for (const id of ruleSetIds()) {
      const option = element("option", "", rulesName(id));
      option.value = id;
      this.choice.append(option);
    }
    this.choice.value = dailyRules || rules().default_rules;
    this.choice.addEventListener("change", () => {
      dailyRules = this.choice.value;
      this.draw();
    });
    const label = element("label", "field daily-rules");
    label.append(element("span", "", t("new.rules")), this.choice);
    this.body = element("div", "daily-body");
    this.root.append(title, label, this.body, element("p", "stats-note", t("stats.daily_note")));
    this.draw();
  }

  /** Draw the chosen rule set's streaks, today's figures and calendar. */
  draw() {
    const id = this.choice.value;
    const daily = this.stats[id].daily;
    const tiles = element("div", "tiles");
    const days = daily.won.length + daily.won_late.length;
    for (const [name, value, key] of /** @type {const} */ ([
      ["daily_streak", daily.current_streak, "stats.daily_streak"],
      ["daily_best_streak", daily.best_streak, "stats.daily_best_streak"],
      ["daily_days", days, "stats.daily_days"],
    ])) {
      const node = element("div", "tile");
      node.dataset.figure = name;
      node.append(element("span", "tile-value", formatNumber(value)), element("span", "tile-label", t(key)));
      tiles.append(node);
    }
    const today = element("div", "daily-today");
    const figures = element("p");
    figures.setAttribute("aria-live", "polite");
    today.append(element("h3", "", t("stats.daily_today")), figures);
    const calendar = new DailyCalendar(
      { first: this.days.first, today: this.days.today, won: daily.won, late: daily.won_late },
      (day) => this.play(day, id),
    );
    this.body.replaceChildren(tiles, today, calendar.root);
    this.fillToday(figures, id);
  }

  /**
   * Today's figures under rule set *id*, once they come.
   * @param {HTMLElement} paragraph
   * @param {string} id
   */
  async fillToday(paragraph, id) {
    try {
      const figures = await api.dailyFigures(id, this.days.today);
      if (this.choice.value === id) {
        paragraph.textContent = figuresText(figures).join(" ");
      }
    } catch (error) {
      console.warn(error);
    }
  }
}

export class StatsPage extends LoadedPage {
  /**
   * @param {HTMLElement} article
   * @param {(day: string, rules: string) => void} playDaily plays a day's daily deal
   */
  constructor(article, playDaily) {
    super(article);
    this.playDaily = playDaily;
  }

  /** Load the figures and draw them (unless the page was left meanwhile). */
  async render() {
    const [stats, days] = await Promise.all([api.stats(), api.daily()]);
    if (this.closed) return;
    const title = element("h1", "", t("page.stats.title"));
    const daily = new DailySection(stats, days, this.playDaily).root;
    // Each rule set's figures, in the order the New game window offers them.
    const ids = ruleSetIds().filter((id) => stats[id]);
    const played = ids.some((id) => stats[id].played > 0);
    /** @type {HTMLElement[]} */
    let body;
    if (played) {
      const sets = element("div", "stats-sets");
      sets.append(...ids.map((id) => ruleSet(id, `stats.${id}`, stats[id])));
      body = [sets, element("p", "stats-note", t("stats.note"))];
    } else {
      body = [element("p", "empty-state", t("stats.empty"))];
    }
    this.article.replaceChildren(title, daily, ...body, pageLinks("/history", "nav.history"));
  }
}
