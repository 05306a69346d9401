// @ts-check
/**
 * The windows and notices: New game, Settings, the win window, the calm
 * "no legal move left" notice, the "Can this still be won?" window and the
 * short messages (refused moves, copied links).
 */
import { ApiError, api } from "./api.js";
import { dayText, figuresText, share, shareText } from "./daily.js";
import { formatDuration, formatNumber } from "./format.js";
import { LANGUAGES, t } from "./i18n.js";
import { apiErrorMessage, codeProblemMessage } from "./messages.js";
import { TOGGLES } from "./settings.js";

/** @typedef {import("./api.js").GameState} GameState */
/** @typedef {import("./api.js").Settings} Settings */
/** @typedef {import("./settings.js").SettingsStore} SettingsStore */

/**
 * @typedef {object} Actions
 * @property {() => void} newGame  opens the New game window
 * @property {() => void} replay
 * @property {() => void} undo
 * @property {() => void} stats    shows the Statistics page
 * @property {() => void} review   *Where did it go wrong?*: the game's Watch page, asking the solver
 */

/**
 * @template {HTMLElement} T
 * @param {string} id
 * @returns {T}
 */
export function byId(id) {
  const node = document.getElementById(id);
  if (!node) throw new Error(`missing #${id}`);
  return /** @type {T} */ (node);
}

/**
 * Wire every [data-action] button under *root* to *actions*, after *before*.
 * @param {HTMLElement} root
 * @param {Actions} actions
 * @param {() => void} [before]
 */
function wireActions(root, actions, before = () => {}) {
  for (const button of root.querySelectorAll("[data-action]")) {
    const name = /** @type {keyof Actions} */ (/** @type {HTMLElement} */ (button).dataset.action);
    button.addEventListener("click", () => {
      before();
      actions[name]();
    });
  }
}

/** Short messages at the bottom of the screen; a new one replaces the last. */
export class Toast {
  /** @param {(text: string) => void} echo also says each message another way (to screen readers) */
  constructor(echo) {
    this.echo = echo;
    this.node = byId("message");
    this.timer = 0;
    this.node.addEventListener("click", () => this.hide());
  }

  /**
   * @param {string} text
   * @param {number} [milliseconds]
   * @param {string} [spoken] what screen readers hear instead, when the text is written for the eye ("Q♠")
   */
  show(text, milliseconds = 5000, spoken = text) {
    this.echo(spoken);
    this.node.textContent = text;
    this.node.hidden = false;
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.hide(), milliseconds);
  }

  hide() {
    this.node.hidden = true;
  }
}

/**
 * @typedef {object} NewGameRequest
 * @property {string} [rules]
 * @property {boolean} [winnable]
 * @property {string} [code]
 * @property {string} [daily]  a day (YYYY-MM-DD) whose daily deal to play under *rules*
 */

export class NewGameDialog {
  /** @param {(request: NewGameRequest) => Promise<void>} start resolves once the game is on the board */
  constructor(start) {
    this.dialog = /** @type {HTMLDialogElement} */ (byId("dlg-new"));
    this.form = /** @type {HTMLFormElement} */ (byId("form-new"));
    this.code = /** @type {HTMLInputElement} */ (byId("new-code"));
    this.winnable = /** @type {HTMLInputElement} */ (byId("new-winnable"));
    this.error = byId("new-error");
    this.dailyNote = byId("new-daily-note");
    /** The day whose daily deal is out now, as the server said when the window opened. */
    this.today = "";
    this.start = start;
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.submit();
    });
    this.form.addEventListener("change", () => this.sync());
    // Typing or pasting a code chooses "Game code" by itself.
    this.code.addEventListener("input", () => {
      this.choose("deal", "code");
      this.showError("");
    });
    this.dialog.querySelector("[data-close]")?.addEventListener("click", () => this.dialog.close());
  }

  /**
   * @param {string} name
   * @param {string} value
   */
  choose(name, value) {
    const input = /** @type {HTMLInputElement | null} */ (this.form.querySelector(`input[name="${name}"][value="${value}"]`));
    if (input) input.checked = true;
    this.sync();
  }

  /** @returns {string} the checked value of a radio group */
  value(/** @type {string} */ name) {
    return /** @type {HTMLInputElement | null} */ (this.form.querySelector(`input[name="${name}"]:checked`))?.value ?? "";
  }

  /**
   * A code carries its own rules: while one is chosen, the rules choice is off, so
   * the two never disagree. "Winnable deals only" is for a random deal (a daily
   * deal always is).
   */
  sync() {
    const byCode = this.value("deal") === "code";
    this.winnable.disabled = this.value("deal") !== "random";
    /** @type {HTMLFieldSetElement} */ (byId("new-rules")).disabled = byCode;
    byId("new-code-rules").hidden = !byCode;
  }

  /**
   * @param {string} rules the current game's rules, offered again
   * @param {boolean} [inProgress] whether a game is in progress: the window says where it stays
   */
  open(rules, inProgress = false) {
    byId("new-in-progress").hidden = !inProgress;
    this.choose("rules", rules);
    this.choose("deal", "random");
    this.showError("");
    this.dialog.showModal();
    this.learnToday().catch((error) => console.warn(error));
  }

  /** Ask the server which day's daily deal is out, and say it beside the choice. */
  async learnToday() {
    this.today = (await api.daily()).today;
    this.dailyNote.textContent = t("new.daily_note", { date: dayText(this.today) });
  }

  /** @param {string} text empty to hide the error */
  showError(text) {
    // A game code is never broken across lines (its dashes would allow it).
    this.error.replaceChildren(
      ...text.split(/(YU\d-[A-Z]-[A-Z]{7})/).map((part, index) => {
        if (index % 2 === 0) return part;
        const code = document.createElement("span");
        code.className = "nowrap";
        code.textContent = part;
        return code;
      }),
    );
    this.error.hidden = !text;
    this.code.setAttribute("aria-invalid", String(!!text));
  }

  /** @returns {NewGameRequest} what the window's choices ask for */
  request() {
    const rules = this.value("rules");
    switch (this.value("deal")) {
      case "code":
        return { code: this.code.value };
      case "daily":
        return { rules, daily: this.today };
      default:
        return { rules, winnable: this.winnable.checked };
    }
  }

  async submit() {
    try {
      if (this.value("deal") === "daily" && !this.today) await this.learnToday();
      await this.start(this.request());
      this.dialog.close();
    } catch (error) {
      if (error instanceof ApiError && error.code === "invalid_code") {
        this.showError(codeProblemMessage(error.error));
        this.code.focus();
      } else {
        this.showError(error instanceof ApiError ? apiErrorMessage(error.error) : t("error.network"));
      }
    }
  }
}

export class SettingsDialog {
  /**
   * @param {SettingsStore} store
   * @param {() => string | null} shown the language to show as chosen (null: the browser's)
   * @param {(language: string | null) => void} onLanguage
   */
  constructor(store, shown, onLanguage) {
    this.shown = shown;
    this.dialog = /** @type {HTMLDialogElement} */ (byId("dlg-settings"));
    this.form = /** @type {HTMLFormElement} */ (byId("form-settings"));
    this.language = /** @type {HTMLSelectElement} */ (byId("settings-language"));
    this.store = store;
    for (const name of TOGGLES) {
      this.input(name).addEventListener("change", () => this.store.update({ [name]: this.input(name).checked }));
    }
    this.language.addEventListener("change", () => onLanguage(this.language.value || null));
  }

  /** @returns {HTMLInputElement} */
  input(/** @type {string} */ name) {
    return /** @type {HTMLInputElement} */ (this.form.elements.namedItem(name));
  }

  /** Fill the language list: the browser's choice, then each language in its own words. */
  fillLanguages() {
    const follow = document.createElement("option");
    follow.value = "";
    follow.textContent = t("settings.language_browser");
    const options = Object.entries(LANGUAGES).map(([code, name]) => {
      const option = document.createElement("option");
      option.value = code;
      option.lang = code;
      option.textContent = name;
      return option;
    });
    this.language.replaceChildren(follow, ...options);
  }

  open() {
    const values = this.store.values;
    for (const name of TOGGLES) this.input(name).checked = values[name];
    this.fillLanguages();
    this.language.value = this.shown() ?? "";
    this.dialog.showModal();
  }
}

export class WinDialog {
  /** @param {Actions} actions */
  constructor(actions) {
    this.dialog = /** @type {HTMLDialogElement} */ (byId("dlg-win"));
    this.daily = byId("win-daily");
    this.figures = byId("win-figures");
    this.shareButton = /** @type {HTMLButtonElement} */ (byId("win-share"));
    this.shared = byId("win-shared");
    this.par = byId("win-par");
    this.parNote = byId("win-par-note");
    this.practice = byId("win-practice");
    /** The game whose window shows: a par that comes late for another is not written. */
    this.game = "";
    /** What Share shares: the won daily deal's text ("" for another game). */
    this.text = "";
    wireActions(this.dialog, actions, () => this.dialog.close());
    this.shareButton.addEventListener("click", () => this.share());
  }

  /**
   * @param {GameState} state
   * @param {number} elapsed play time in milliseconds
   */
  open(state, elapsed) {
    this.game = state.id;
    // A practice game counts toward no streak or best: the window says so, and shows no daily deal's.
    this.practice.hidden = !state.practice;
    this.showDaily(state.practice ? { ...state, daily: null } : state, elapsed);
    this.showPar(state);
    /** @type {Record<string, string>} */
    const values = {
      time: formatDuration(elapsed),
      moves: formatNumber(state.moves),
      score: formatNumber(state.score),
      hints: formatNumber(state.hints),
      undos: formatNumber(state.undos),
    };
    for (const node of this.dialog.querySelectorAll("[data-stat]")) {
      node.textContent = values[/** @type {HTMLElement} */ (node).dataset.stat ?? ""] ?? "";
    }
    if (!this.dialog.open) this.dialog.showModal();
  }

  /**
   * A daily deal's win: which day's it was, Share, and the day's figures once they come.
   * @param {GameState} state
   * @param {number} elapsed
   */
  showDaily(state, elapsed) {
    const day = state.daily;
    this.text = day ? shareText({ ...state, daily: day }, elapsed) : "";
    this.daily.hidden = this.shareButton.hidden = this.figures.hidden = !day;
    this.shared.textContent = "";
    if (!day) return;
    const late = state.daily_late ? t("win.daily_late") : "";
    this.daily.textContent = [t("win.daily", { date: dayText(day) }), late].filter(Boolean).join(" ");
    this.figures.textContent = "";
    api
      .dailyFigures(state.rules, day)
      .then((figures) => {
        if (this.text) this.figures.textContent = figuresText(figures).join(" ");
      })
      .catch((error) => console.warn(error));
  }

  /**
   * The par of the deal beside the player's moves, once the solver has found
   * it ("143 · par 97"): the review of a won game gives it, in seconds at most.
   * @param {GameState} state
   */
  showPar(state) {
    this.par.hidden = this.parNote.hidden = true;
    api
      .review(state.id)
      .then((review) => {
        if (this.game !== state.id || review.status !== "won" || review.par === null) return;
        this.par.textContent = t("win.par", { par: review.par });
        this.par.hidden = this.parNote.hidden = false;
      })
      .catch((error) => console.info("no par", error));
  }

  /** Share the won daily deal's text, and say where it went. */
  async share() {
    const text = this.text;
    const outcome = await share(text);
    if (outcome === "copied") this.shared.textContent = t("win.shared", { text });
    else if (outcome === "failed") this.shared.textContent = t("win.share_failed", { text });
  }
}

/** The calm notice shown while no legal move is left: not a loss, just the ways on. */
export class NoMovesNotice {
  /** @param {Actions} actions */
  constructor(actions) {
    this.node = byId("notice");
    wireActions(this.node, actions);
  }

  /** @param {boolean} visible */
  show(visible) {
    this.node.hidden = !visible;
  }
}

/** Asks before Replay gives up a game in progress (SPEC §5: no game lost by a slip). */
export class ReplayDialog {
  constructor() {
    this.dialog = /** @type {HTMLDialogElement} */ (byId("dlg-replay"));
  }

  /** @returns {Promise<boolean>} whether the player chose to replay */
  ask() {
    return new Promise((resolve) => {
      this.dialog.returnValue = "";
      this.dialog.addEventListener("close", () => resolve(this.dialog.returnValue === "replay"), { once: true });
      this.dialog.showModal();
    });
  }
}

export class AnalysisDialog {
  constructor() {
    this.dialog = /** @type {HTMLDialogElement} */ (byId("dlg-analysis"));
    this.result = byId("analysis-result");
  }

  /** @param {Promise<import("./api.js").Analysis>} answer */
  async open(answer) {
    this.result.textContent = t("analysis.working");
    this.dialog.showModal();
    try {
      const analysis = await answer;
      this.result.textContent = t(`analysis.${analysis.status}`, { states: analysis.states });
    } catch (error) {
      this.result.textContent = error instanceof ApiError ? apiErrorMessage(error.error) : t("error.network");
    }
  }
}
