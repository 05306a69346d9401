// @ts-check
//# allFunctionsCalledOnLoad
/**
 * The app's entry: loads settings and language, builds the views, wires input
 * and buttons, and routes between the game and the pages: Statistics, the game
 * history (and a game of it watched move by move), Rules, Examples and FAQ.
 */
import { Announcer, describeChange } from "./announce.js";
import { ApiError, api } from "./api.js";
import { BoardView } from "./board.js";
import { GameController, atUndoLimit, openGame } from "./controller.js";
import { HintCue } from "./cues.js";
import {
  AnalysisDialog,
  NewGameDialog,
  NoMovesNotice,
  ReplayDialog,
  SettingsDialog,
  Toast,
  WinDialog,
  byId,
} from "./dialogs.js";
import { MessageDock } from "./dock.js";
import { PointerInput } from "./drag.js";
import { BoardFocus } from "./focus.js";
import { CardGestures } from "./gestures.js";
import { InfoBar } from "./info.js";
import { LANGUAGES, chooseLanguage, currentLanguage, linkedLanguage, loadLanguage, t, translateTree } from "./i18n.js";
import { KeyboardInput, makeKeysDialog } from "./keyboard.js";
import { BOARD_LABELS, apiErrorMessage } from "./messages.js";
import { fillRuleChoices, loadRegistry, rules } from "./rulesets.js";
import { SettingsStore } from "./settings.js";
import { href, route } from "./paths.js";

/** @typedef {import("./api.js").GameState} GameState */

/** The pages, by the first part of their address; /history/{id} watches a game. */
const PAGES = new Set(["stats", "history", "rules", "examples", "faq"]);

/**
 * A page shown in place of the game; closed when the player leaves it.
 * @typedef {object} Page
 * @property {() => Promise<void>} render
 * @property {() => void} [close]
 */

class App {
  /**
   * @param {SettingsStore} settings
   * @param {string | null} visit the language a link's ?lang= chose for this visit
   */
  constructor(settings, visit) {
    this.settings = settings;
    this.visit = visit;
    this.announcer = new Announcer();
    this.dock = new MessageDock(() => this.board.layout());
    // What the toast shows, a screen reader hears (the toast itself is not a live region).
    this.toast = new Toast((text) => this.announcer.say(text));
    this.board = new BoardView(byId("board"), BOARD_LABELS, () => this.boardRoom());
    // A move's frame slides its cards; the card it uncovers and the words follow (later.js).
    this.board.stepwise = true;
    this.focus = new BoardFocus(this.board);
    this.info = new InfoBar(this.board.info, (text) => this.toast.show(text));
    /** @type {GameState | null} */
    this.shown = null;
    this.game = new GameController({
      board: this.board,
      hint: new HintCue(this.board),
      info: this.info,
      settings,
      toast: this.toast,
      announce: (text) => this.announcer.say(text),
      onState: (state) => this.onState(state),
    });
    /** @type {Page | null} */
    this.page = null;
    /** Settles once the visit's game is in (see start): a page opened by its address waits for it. */
    this.opened = Promise.resolve();
    /** Counts the addresses shown, so that a page that loads late is not drawn over a newer one. */
    this.routes = 0;
    fillRuleChoices(byId("new-rules"));
    this.newGame = new NewGameDialog(async (request) => {
      await this.game.newGame(request);
      this.showGame();
    });
    this.replayDialog = new ReplayDialog();
    this.settingsDialog = new SettingsDialog(
      settings,
      () => this.visit ?? settings.values.language,
      (language) => this.changeLanguage(language),
    );
    const actions = {
      newGame: () => this.newGame.open(this.game.state?.rules ?? rules().default_rules, inProgress(this.game.state)),
      replay: () => this.inSight(() => this.replay()),
      undo: () => this.inSight(() => this.game.undo()),
      stats: () => this.navigate("/stats"),
      review: () => this.review(),
    };
    /** @type {import("./history.js").HistoryActions} */
    this.pageActions = {
      play: (code) => this.playDeal(code),
      resume: (id) => this.resume(id),
      currentId: () => this.opened.then(() => this.game.state?.id ?? null),
      practice: (id, moves) => this.practice(id, moves),
      reviewed: (id) => void this.game.refresh(id).catch((error) => console.warn(error)),
    };
    this.win = new WinDialog(actions);
    this.notice = new NoMovesNotice(actions);
    this.analysis = new AnalysisDialog();
    this.keys = makeKeysDialog();
    this.wireInput(actions);
    this.wireButtons(actions);
    settings.subscribe((values) => this.applyLook(values));
    this.applyLook(settings.values);
    this.keepMessagesOffCards();
  }

  /**
   * The messages and the notice cover no card: the columns end above them
   * while they show at the bottom (dock.js). A message makes the columns
   * tighten (a reserve), the notice, which stays, makes the room smaller.
   */
  keepMessagesOffCards() {
    const notice = byId("notice");
    this.board.reserve = () => (notice.hidden ? this.dock.covered() : 0);
  }

  /**
   * The height the board may take: down to the window's bottom (above a
   * phone's home bar, full screen), or to the no-move notice while it is
   * shown at the bottom.
   * @returns {number}
   */
  boardRoom() {
    const inset = parseFloat(getComputedStyle(byId("view-game")).paddingBottom) || 0;
    const covered = byId("notice").hidden ? inset : Math.max(inset, this.dock.covered());
    return window.innerHeight - covered - byId("board").getBoundingClientRect().top - 8;
  }

  /**
   * The four-colour deck and the left-handed layout (board.css draws them; the
   * cards are placed again where the foundations and the info now are).
   * @param {import("./api.js").Settings} values
   */
  applyLook(values) {
    document.body.classList.toggle("four-color", values.four_color);
    document.body.classList.toggle("left-handed", values.left_handed);
    this.board.layout();
  }

  /** @param {import("./dialogs.js").Actions} actions */
  wireInput(actions) {
    const game = this.game;
    const gestures = new CardGestures(game);
    new PointerInput(this.board, {
      canPick: (card) => gestures.canPick(card),
      onDragStart: (card) => gestures.dragStarted(card),
      onDrop: (card, target) => gestures.dropped(card, target),
      onTap: (card) => gestures.tapped(card),
      onDoubleTap: (card) => gestures.doubleTapped(card),
    });
    new KeyboardInput(this.focus, {
      active: () => !byId("view-game").hidden && !document.querySelector("dialog[open]"),
      move: (card, target) => game.act(card, () => target),
      place: (card) => game.act(card, (state) => gestures.placement(state, card)),
      undo: actions.undo,
      hint: () => game.hint(),
      newGame: actions.newGame,
      showKeys: () => this.keys.showModal(),
      announce: (text) => this.announcer.say(text),
    });
    document.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || !(/** @type {HTMLDetailsElement} */ (byId("menu")).open)) return;
      this.closeMenu();
      /** @type {HTMLElement} */ (byId("menu").querySelector("summary")).focus();
    });
    document.addEventListener("visibilitychange", () => game.visibility(document.hidden));
    window.addEventListener("resize", () => {
      this.fitToolbar();
      this.dock.place();
      this.board.layout();
    });
    window.addEventListener("popstate", () => this.route());
    document.addEventListener("click", (event) => {
      // A click anywhere else closes the menu, as menus do.
      if (!(/** @type {Element} */ (event.target).closest("#menu"))) this.closeMenu();
      this.follow(event);
    });
  }

  /** @param {import("./dialogs.js").Actions} actions */
  wireButtons(actions) {
    byId("btn-new").addEventListener("click", actions.newGame);
    byId("btn-replay").addEventListener("click", actions.replay);
    byId("btn-undo").addEventListener("click", actions.undo);
    byId("btn-hint").addEventListener("click", () => this.inSight(() => this.game.hint()));
    byId("btn-settings").addEventListener("click", () => {
      this.closeMenu();
      this.settingsDialog.open();
    });
    byId("btn-language").addEventListener("click", () => {
      this.closeMenu();
      this.settingsDialog.open();
      byId("settings-language").focus();
    });
    byId("btn-keys").addEventListener("click", () => {
      this.closeMenu();
      this.keys.showModal();
    });
    byId("menu-export").addEventListener("click", () => this.closeMenu());
    byId("btn-delete-data").addEventListener("click", () => this.deleteData());
    byId("btn-analysis").addEventListener("click", () =>
      this.inSight(() => {
        const state = this.game.state;
        if (state) this.analysis.open(api.analysis(state.id));
      }),
    );
  }

  /** Show the game, leaving any page: what a game's button does must be seen. */
  showGame() {
    if (byId("view-game").hidden) this.navigate("/");
  }

  /**
   * Run a game's *action* on the game in sight: from a page, the game is shown first.
   * @param {() => unknown} action
   */
  inSight(action) {
    this.showGame();
    action();
  }

  /** Replay the deal; a game in progress is given up only when the player agrees. */
  async replay() {
    if (inProgress(this.game.state) && !(await this.replayDialog.ask())) return;
    await this.game.replay();
  }

  /** @param {GameState} state */
  onState(state) {
    // The game and version drawn, for scripts and tests that wait on the page.
    document.body.dataset.game = state.id;
    document.body.dataset.version = String(state.version);
    // At the undo limit Undo stays enabled, to say why it goes no further.
    /** @type {HTMLButtonElement} */ (byId("btn-undo")).disabled = !state.can_undo && !atUndoLimit(state);
    /** @type {HTMLButtonElement} */ (byId("btn-hint")).disabled = state.won;
    /** @type {HTMLButtonElement} */ (byId("btn-analysis")).disabled = state.won;
    this.showNotice();
    const words = describeChange(this.shown, state);
    if (words) this.announcer.say(words);
    const wasWon = this.shown?.id === state.id && this.shown.won;
    // A page opened by its address (a won game watched, say) is not covered by the win window.
    if (state.won && !wasWon && !byId("view-game").hidden) {
      // The celebration is for a win just made, not for a won game opened again.
      if (this.shown?.id === state.id) this.celebrate(state);
      else this.win.open(state, this.info.elapsed());
    }
    this.shown = state;
  }

  /** The no-move notice shows while the game on the board has no legal move, and the game is in sight. */
  showNotice() {
    const stuck = this.game.state?.outcome === "no_legal_move" && !byId("view-game").hidden;
    if (stuck === byId("notice").hidden) {
      this.notice.show(stuck);
      this.board.layout();
    }
  }

  /**
   * A win: the celebration, then the win window.
   * @param {GameState} state
   */
  async celebrate(state) {
    const elapsed = this.info.elapsed();
    try {
      const { celebrate } = await import("./celebrate.js");
      await celebrate(this.board.root, this.board.foundationSlots);
    } finally {
      this.win.open(state, elapsed);
    }
  }

  /**
   * Follow an in-app link without reloading the page.
   * @param {MouseEvent} event
   */
  follow(event) {
    const link = /** @type {HTMLElement} */ (event.target).closest("a[data-route]");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    this.closeMenu();
    this.navigate(route(/** @type {HTMLAnchorElement} */ (link).pathname));
  }

  /**
   * Show the game or a page of the app, as a link to *path* would.
   * @param {string} path
   * @param {{review: boolean} | null} [state] kept with the address: a Watch page asked to review its game
   */
  navigate(path, state = null) {
    if (path !== route()) history.pushState(state, "", href(path) + visitQuery(this.visit));
    this.route();
  }

  /** *Where did it go wrong?* of the game on the board: its Watch page, asking at once. */
  review() {
    const id = this.game.state?.id;
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
      await this.game.practice(id, moves);
      this.navigate("/");
      this.toast.show(moves ? t("review.practice_started", { number: moves }) : t("review.practice_started_deal"));
      this.focus.go(this.focus.spot);
    } catch (error) {
      this.failed(error);
    }
  }

  /**
   * Take up an unfinished game from the game history again and show it.
   * @param {string} id
   */
  async resume(id) {
    try {
      if (id !== this.game.state?.id) await this.game.resume(id);
      this.navigate("/");
    } catch (error) {
      this.failed(error);
    }
  }

  /**
   * Start a new game of *code* (from the game history) and show it.
   * @param {string} code
   */
  async playDeal(code) {
    try {
      await this.game.newGame({ code });
      this.navigate("/");
    } catch (error) {
      this.failed(error);
    }
  }

  /**
   * Play the daily deal of *day* under *rules* (from the calendar) and show it.
   * @param {string} day YYYY-MM-DD
   * @param {string} rules
   */
  async playDaily(day, rules) {
    try {
      await this.game.newGame({ daily: day, rules });
      this.navigate("/");
    } catch (error) {
      this.failed(error);
    }
  }

  /** Delete everything the server keeps for the player, once they confirm it; then start afresh. */
  async deleteData() {
    this.closeMenu();
    if (!window.confirm(t("delete_data.confirm"))) return;
    try {
      await api.deletePlayer();
      location.assign(href("/"));
    } catch (error) {
      this.failed(error);
    }
  }

  closeMenu() {
    /** @type {HTMLDetailsElement} */ (byId("menu")).open = false;
  }

  /** Show the game or the page the address names. */
  route() {
    const [name = "", detail = null, ...rest] = pathParts();
    const known = PAGES.has(name) && !rest.length && (detail === null || name === "history");
    const page = known ? name : null;
    byId("view-game").hidden = page !== null;
    byId("view-page").hidden = page === null;
    this.showNotice();
    this.routes += 1;
    this.page?.close?.();
    this.page = null;
    for (const link of document.querySelectorAll(".menu-items a[data-route]")) {
      link.toggleAttribute("aria-current", route(/** @type {HTMLAnchorElement} */ (link).pathname) === `/${page ?? ""}`);
    }
    document.title = page ? `${t(`page.${page}.title`)} — ${t("app.title")}` : t("app.title");
    if (page === null) {
      this.board.layout();
      return;
    }
    window.scrollTo(0, 0);
    this.showPage(page, detail).catch((error) => this.failed(error));
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

  /**
   * The player chose a language: it is saved for them, and replaces a link's
   * ?lang= (which is dropped from the address).
   * @param {string | null} language null to follow the browser
   */
  async changeLanguage(language) {
    this.visit = null;
    history.replaceState(null, "", location.pathname);
    const lang = chooseLanguage(language);
    await Promise.all([loadLanguage(lang), loadRegistry(lang)]);
    this.settings.update({ language }).catch((error) => console.warn(error));
    this.translate();
    // Card faces carry the language's rank letters: drawn anew.
    this.board.faces.clear();
    if (this.game.state) {
      this.board.render(this.game.state);
      this.info.update(this.game.state);
    }
    this.settingsDialog.fillLanguages();
    /** @type {HTMLSelectElement} */ (byId("settings-language")).value = language ?? "";
    this.route();
  }

  /** Put every fixed text, name and label in the current language. */
  translate() {
    translateTree(document);
    this.board.applyLabels();
    const name = byId("menu-language-name");
    name.textContent = LANGUAGES[/** @type {keyof typeof LANGUAGES} */ (currentLanguage())];
    name.lang = currentLanguage();
    this.fitToolbar();
    this.dock.place();
  }

  /** Show the buttons' words only where they fit in one row, in this language and width. */
  fitToolbar() {
    const bar = /** @type {HTMLElement} */ (document.querySelector(".bar"));
    const toolbar = /** @type {HTMLElement} */ (bar.querySelector(".toolbar"));
    bar.classList.remove("compact");
    bar.classList.toggle("compact", toolbar.scrollWidth > toolbar.clientWidth);
  }

  /** @param {unknown} error */
  failed(error) {
    console.warn(error);
    this.toast.show(error instanceof ApiError ? apiErrorMessage(error.error) : t("error.network"));
  }

  /**
   * Show the view the address names and the game *opening* brings.
   * @param {Promise<import("./controller.js").Opening>} opening
   */
  async start(opening) {
    this.translate();
    const opened = opening.then((value) => this.game.start(value));
    this.opened = opened.catch(() => {});
    this.route();
    await opened;
    document.body.classList.remove("booting");
    // When the board is drawn and answers input: bench/browser.py reads this mark.
    performance.mark("yukon-interactive");
  }
}

/**
 * @param {GameState | null} state
 * @returns {boolean} whether *state* is a game in progress: moves made, not won (replacing it keeps it in the history)
 */
function inProgress(state) {
  return !!state && state.moves > 0 && !state.won;
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
function linkedCode(visit) {
  const match = route().match(/^\/play\/([^/]+)\/?$/);
  if (!match) return null;
  history.replaceState(null, "", href(`/${visitQuery(visit)}`));
  return decodeURIComponent(match[1]);
}

/**
 * Settings, language and game load side by side; the views are built once all
 * are in. The language is a link's ?lang= (for this visit only: the player's
 * saved choice is left as it is), else the player's saved choice, else the
 * browser's languages.
 */
async function boot() {
  const visit = linkedLanguage();
  const opening = openGame(linkedCode(visit));
  opening.catch(() => {});
  const settings = new SettingsStore();
  const guessed = loadLanguage(visit ?? chooseLanguage(null));
  await settings.load();
  const wanted = visit ?? chooseLanguage(settings.values.language);
  const registry = loadRegistry(wanted);
  if ((await guessed) !== wanted) await loadLanguage(wanted);
  await registry;
  const app = new App(settings, visit);
  try {
    await app.start(opening);
  } catch (error) {
    document.body.classList.remove("booting");
    app.failed(error);
  }
}

boot();
