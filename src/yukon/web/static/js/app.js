// @ts-check
//# allFunctionsCalledOnLoad
/**
 * The app's entry: loads settings and language, builds the views, wires input
 * and buttons, and keeps the notice, the win window and the words in step with
 * the game; router.js shows the game or a page at each address.
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
import { href } from "./paths.js";
import { Router, linkedCode } from "./router.js";

/** @typedef {import("./api.js").GameState} GameState */

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
    /** Settles once the visit's game is in (see start): a page opened by its address waits for it. */
    this.opened = Promise.resolve();
    this.router = new Router({
      game: this.game,
      toast: this.toast,
      focus: this.focus,
      visit: () => this.visit,
      opened: () => this.opened,
      showNotice: () => this.showNotice(),
      layout: () => this.board.layout(),
      closeMenu: () => this.closeMenu(),
      failed: (error) => this.failed(error),
    });
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
      stats: () => this.router.navigate("/stats"),
      review: () => this.router.review(),
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
    window.addEventListener("popstate", () => this.router.route());
    document.addEventListener("click", (event) => {
      // A click anywhere else closes the menu, as menus do.
      if (!(/** @type {Element} */ (event.target).closest("#menu"))) this.closeMenu();
      this.router.follow(event);
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
    if (byId("view-game").hidden) this.router.navigate("/");
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
    this.router.route();
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
    this.router.route();
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
