// @ts-check
//# allFunctionsCalledOnLoad
/**
 * The info bar: time, moves, score and the game code (a click copies a link to
 * the deal), and for a daily deal its day. The server keeps the time; the bar
 * only counts on between answers.
 */
import { dayText } from "./daily.js";
import { formatDuration, formatNumber } from "./format.js";
import { t } from "./i18n.js";
import { href } from "./paths.js";

/** @typedef {import("./api.js").GameState} GameState */

/**
 * @param {HTMLElement} parent
 * @param {string} key  the label's catalog key
 * @param {string} name
 * @returns {HTMLElement} the value element
 */
function stat(parent, key, name) {
  const item = document.createElement("span");
  item.className = `stat stat-${name}`;
  const label = document.createElement("span");
  label.className = "label";
  label.dataset.i18n = key;
  const value = document.createElement("span");
  value.className = "value";
  value.dataset.value = name;
  item.append(label, " ", value);
  parent.append(item);
  return value;
}

/**
 * @param {HTMLElement} node
 * @param {string} text its words, written only when they change
 */
function write(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

export class InfoBar {
  /**
   * @param {HTMLElement} root
   * @param {(text: string) => void} notify shows a short message to the player
   */
  constructor(root, notify) {
    this.root = root;
    this.notify = notify;
    root.classList.add("info");
    root.setAttribute("role", "group");
    this.time = stat(root, "info.time", "time");
    this.moves = stat(root, "info.moves", "moves");
    this.score = stat(root, "info.score", "score");
    this.code = document.createElement("button");
    this.code.type = "button";
    this.code.className = "code";
    this.code.dataset.i18nTitle = "info.copy_title";
    this.code.addEventListener("click", () => this.copy());
    this.daily = document.createElement("span");
    this.daily.className = "daily";
    this.daily.hidden = true;
    this.practice = document.createElement("span");
    this.practice.className = "practice";
    this.practice.hidden = true;
    root.append(this.code, this.daily, this.practice);
    /** @type {GameState | null} */
    this.state = null;
    this.receivedAt = 0;
    window.setInterval(() => this.tick(), 250);
  }

  /** @param {GameState} state */
  update(state) {
    this.state = state;
    this.receivedAt = performance.now();
    // Only the words that change are written: each one written lays the bar out again.
    write(this.moves, formatNumber(state.moves));
    write(this.score, formatNumber(state.score));
    write(this.code, state.code);
    // The day is never broken across lines (the words before it may be).
    const day = state.daily ? dayText(state.daily).replaceAll(" ", "\u00a0") : "";
    write(this.daily, day ? t("info.daily", { date: day }) : "");
    this.daily.hidden = !state.daily;
    write(this.practice, state.practice ? t("info.practice") : "");
    this.practice.hidden = !state.practice;
    this.tick();
  }

  /** @returns {number} the play time now, in milliseconds */
  elapsed() {
    const state = this.state;
    if (!state) return 0;
    return state.elapsed_ms + (state.clock_running ? performance.now() - this.receivedAt : 0);
  }

  tick() {
    write(this.time, formatDuration(this.elapsed()));
  }

  /** @returns {string} a link that starts this deal */
  link() {
    return `${location.origin}${href(`/play/${this.state?.code ?? ""}`)}`;
  }

  async copy() {
    const link = this.link();
    try {
      await navigator.clipboard.writeText(link);
      this.notify(t("info.copied", { link }));
    } catch {
      this.notify(t("info.copy_failed", { link }));
    }
  }
}
