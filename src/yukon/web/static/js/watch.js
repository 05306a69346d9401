// @ts-check
/**
 * Watching a game of the history move by move on a board, as the Examples page
 * steps through its game. The positions come from the server, which replays the
 * game's record (POST /api/v1/records/replay): the browser never re-implements
 * the rules. A record keeps undos as `U`; each undo is a step of its own that
 * names the move it takes back, and the player may leave the undone moves out,
 * to see only the moves that stayed. A game that was not won offers *Where did
 * it go wrong?* (review.js), whose answer this board shows.
 */
import { ApiError, api } from "./api.js";
import { BoardView } from "./board.js";
import { formatDateTime, formatNumber } from "./format.js";
import { t } from "./i18n.js";
import { BOARD_LABELS, apiErrorMessage, refusalMessage } from "./messages.js";
import { actionButton, outcome, outcomeBadge, practiceBadge } from "./history.js";
import { PAGE_SPREAD } from "./layout.js";
import { ReviewPanel } from "./review.js";
import { rules, rulesName } from "./rulesets.js";
import { element, routeLink } from "./pages.js";

/** @typedef {import("./api.js").ReplayStep} ReplayStep */
/** @typedef {import("./api.js").RecordReplay} RecordReplay */
/** @typedef {import("./api.js").GameState} GameState */
/** @typedef {import("./history.js").HistoryActions} HistoryActions */

/** Where the step bar stands beside the board rather than under it (as in pages.css). */
const WIDE = "(min-width: 960px)";
/** The least height the board keeps when the review's words share the screen with it. */
const LEAST_BOARD = 320;
/** The pause between two steps of a game that plays by itself, by speed. */
const SPEEDS = /** @type {const} */ ({
  slow: { ms: 1600, key: "watch.speed_slow" },
  normal: { ms: 800, key: "watch.speed_normal" },
  fast: { ms: 300, key: "watch.speed_fast" },
});

/**
 * @typedef {object} Frame
 * @property {ReplayStep} step      the position shown
 * @property {"deal" | "move" | "undo"} kind
 * @property {string | null} move   the move made, or the move an undo takes back
 * @property {number} number        the move's number (0 for the deal and for undos)
 * @property {number} at            its place among all the steps
 */

/**
 * The frames of a replayed record: every step as it was played, and the line
 * of the moves that stayed (an undo takes its move, and its own step, out).
 * @param {ReplayStep[]} steps
 * @returns {{all: Frame[], line: Frame[]}}
 */
export function framesOf(steps) {
  /** @type {Frame[]} */
  const all = [];
  /** The frames of the moves in effect: an undo takes back the last. */
  const kept = [];
  let made = 0;
  const undo = rules().undo_token;
  for (const [at, step] of steps.entries()) {
    if (step.move === null) {
      all.push({ step, kind: "deal", move: null, number: 0, at });
    } else if (step.move === undo) {
      all.push({ step, kind: "undo", move: kept.pop()?.move ?? null, number: 0, at });
    } else {
      made += 1;
      const frame = /** @type {Frame} */ ({ step, kind: "move", move: step.move, number: made, at });
      all.push(frame);
      kept.push(frame);
    }
  }
  const line = all.slice(0, 1).concat(kept.map((frame, index) => ({ ...frame, number: index + 1 })));
  return { all, line };
}

/**
 * The record to send for replay: the whole record when the server takes it,
 * else the moves that stayed, at most as many as the server replays.
 * @param {string} record
 * @returns {{record: string, cut: boolean}}
 */
export function replayable(record) {
  const [code, ...tokens] = record.trim().split(/\s+/);
  const { max_replay_moves: most, undo_token: undo } = rules();
  if (tokens.length <= most) return { record, cut: false };
  /** @type {string[]} */
  const line = [];
  for (const token of tokens) {
    if (token.toUpperCase() === undo) line.pop();
    else line.push(token);
  }
  return { record: [code, ...line.slice(0, most)].join(" "), cut: true };
}

/**
 * @param {ReplayStep} step
 * @returns {GameState} enough of a game state for the board to draw
 */
function asState(step) {
  const { columns, foundations } = step;
  return /** @type {GameState} */ ({ columns, foundations, targets: {}, double_tap: {} });
}

/**
 * @param {NonNullable<RecordReplay["error"]>} error
 * @returns {string} why the replay stopped, in the player's language
 */
function stoppedMessage(error) {
  const reason = refusalMessage(error);
  return t("watch.stopped", { number: error.position, message: reason });
}

export class WatchPage {
  /**
   * @param {HTMLElement} article
   * @param {HistoryActions} actions
   * @param {string} id the game to watch
   * @param {boolean} [review] ask at once where the game went wrong (the no-move notice's button)
   */
  constructor(article, actions, id, review = false) {
    this.article = article;
    this.actions = actions;
    this.id = id;
    this.code = "";
    this.closed = false;
    /** @type {{all: Frame[], line: Frame[]}} */
    this.frames = { all: [], line: [] };
    this.index = 0;
    /** @type {BoardView | null} */
    this.board = null;
    this.bar = element("div", "step-bar");
    this.caption = element("p", "step-caption");
    this.caption.setAttribute("aria-live", "polite");
    this.slider = element("input", "step-slider");
    this.skip = element("input");
    this.playing = 0;
    this.playButton = actionButton("watch.play", () => (this.playing ? this.pause() : this.play()));
    this.playButton.dataset.autoplay = "";
    this.speed = element("select", "watch-speed");
    this.onResize = () => this.board?.layout();
    this.onKey = (/** @type {KeyboardEvent} */ event) => this.key(event);
    this.askReview = review;
    /** @type {ReviewPanel | null} */
    this.review = null;
  }

  /** @returns {Frame[]} the frames shown: all of them, or only the moves that stayed */
  get shown() {
    return this.skip.checked ? this.frames.line : this.frames.all;
  }

  /** Load the game and its positions, and draw the first. */
  async render() {
    /** @type {GameState} */
    let game;
    try {
      game = await api.getGame(this.id);
    } catch (error) {
      if (this.closed) return;
      if (!(error instanceof ApiError)) throw error;
      const problem = element("p", "error", apiErrorMessage(error.error));
      this.article.replaceChildren(element("h1", "", t("watch.title")), problem, this.backLink());
      return;
    }
    const sent = replayable(game.record);
    const replay = await api.replayRecord(sent.record);
    const current = await this.actions.currentId();
    if (this.closed) return;
    this.frames = framesOf(replay.steps);
    this.code = game.code;
    this.build(game, current, this.notes(game, sent.cut, replay));
    window.addEventListener("resize", this.onResize);
    document.addEventListener("keydown", this.onKey);
    this.show(0);
    if (this.askReview) this.review?.ask(true);
  }

  /**
   * @param {GameState} game
   * @param {boolean} cut
   * @param {RecordReplay} replay
   * @returns {string[]} what the player should know about what is shown
   */
  notes(game, cut, replay) {
    const notes = [];
    if (cut) notes.push(t("watch.too_long", { max: rules().max_replay_moves }));
    if (replay.error) notes.push(stoppedMessage(replay.error));
    return notes;
  }

  /**
   * The page: on a phone the board comes first and the step bar sticks to the
   * bottom of the screen, so that the board stays in view while stepping; on a
   * wide screen the bar and the options stand left of the board.
   * @param {GameState} game
   * @param {string | null} current the id of the game in progress
   * @param {string[]} notes
   */
  build(game, current, notes) {
    const summary = element("p", "watch-summary");
    summary.append(element("code", "", game.code), " ", element("span", "game-rules", rulesName(game.rules)), " ");
    summary.append(outcomeBadge(outcome(game, current)));
    if (game.practice) summary.append(" ", practiceBadge());
    const boardNode = element("div", "board example-board");
    const stepper = element("div", "watch-stepper");
    stepper.append(this.bar, boardNode, this.options(game, notes));
    if (!game.won) stepper.append(this.reviewPanel(game.id).node);
    this.fillBar();
    this.article.classList.add("wide");
    this.article.replaceChildren(element("h1", "", t("watch.title")), summary, stepper, this.backLink());
    this.board = new BoardView(boardNode, BOARD_LABELS, () => this.room(), PAGE_SPREAD);
  }

  /**
   * @returns {number} the height the board may take: on a phone, the step bar
   *   covers its foot, and the review above it shares the screen with it where
   *   that leaves the board room enough
   */
  room() {
    const beside = window.matchMedia(WIDE).matches;
    const room = window.innerHeight - 72 - (beside ? 0 : this.bar.offsetHeight);
    const words = beside ? 0 : (this.review?.node.offsetHeight ?? 0);
    // Held sideways, a phone has no room to spare: the board then takes the screen below the words.
    return Math.min(room - words >= LEAST_BOARD ? room - words : room, 760);
  }

  /** The step buttons, the slider and the caption. */
  fillBar() {
    const controls = element("div", "step-controls");
    /** @type {[string, () => number][]} */
    const buttons = [
      ["first", () => 0],
      ["previous", () => this.index - 1],
      ["next", () => this.index + 1],
      ["last", () => this.shown.length - 1],
    ];
    for (const [key, target] of buttons) {
      const button = actionButton(`examples.${key}`, () => this.show(target()));
      button.dataset.step = key;
      controls.append(button);
    }
    this.slider.type = "range";
    this.slider.min = "0";
    this.slider.setAttribute("aria-label", t("watch.position"));
    this.slider.addEventListener("input", () => this.show(Number(this.slider.value)));
    this.bar.append(this.caption, controls, this.slider, this.autoplay());
  }

  /** @returns {HTMLElement} the Play button and the speed it plays at */
  autoplay() {
    for (const [name, speed] of Object.entries(SPEEDS)) {
      const option = element("option", "", t(speed.key));
      option.value = name;
      this.speed.append(option);
    }
    this.speed.value = "normal";
    this.speed.setAttribute("aria-label", t("watch.speed"));
    this.speed.addEventListener("change", () => {
      if (this.playing) this.play();
    });
    const row = element("div", "watch-autoplay");
    row.append(this.playButton, this.speed);
    return row;
  }

  /** The game plays by itself, a step at the chosen speed, from where it is (from the start at the end). */
  play() {
    window.clearInterval(this.playing);
    if (this.index >= this.shown.length - 1) this.show(0);
    this.playing = window.setInterval(() => {
      if (this.index >= this.shown.length - 1) this.pause();
      else this.show(this.index + 1);
    }, SPEEDS[/** @type {keyof typeof SPEEDS} */ (this.speed.value)].ms);
    this.playButton.textContent = t("watch.pause");
  }

  pause() {
    window.clearInterval(this.playing);
    this.playing = 0;
    this.playButton.textContent = t("watch.play");
  }

  /**
   * The undo switch, the notes and the actions.
   * @param {GameState} game
   * @param {string[]} notes
   * @returns {HTMLElement}
   */
  options(game, notes) {
    const options = element("div", "step-options");
    if (this.frames.all.some((frame) => frame.kind === "undo")) options.append(this.undoSwitch());
    options.append(...notes.map((text) => element("p", "note", text)));
    const actions = element("div", "actions");
    if (!game.won) actions.append(actionButton("history.resume", () => this.actions.resume(game.id), "primary"));
    // Play this deal is the main way on, unless the game can still be resumed.
    const primary = actions.firstChild ? "" : "primary";
    actions.append(actionButton("history.play", () => this.actions.play(game.code), primary));
    options.append(actions);
    return options;
  }

  /**
   * @param {string} id
   * @returns {ReviewPanel} *Where did it go wrong?*, shown on this board
   */
  reviewPanel(id) {
    this.review = new ReviewPanel(id, {
      board: () => this.board,
      position: (moves) => this.frames.line[moves]?.step ?? null,
      show: (moves) => {
        // The review counts the moves of the line: undone moves are left out (without any, all is the line).
        if (this.skip.isConnected) this.skip.checked = true;
        this.show(moves);
      },
      shownAt: () => {
        const at = this.shown[this.index]?.at;
        const moves = this.frames.line.findIndex((frame) => frame.at === at);
        return moves < 0 ? null : moves;
      },
      practice: (moves) => this.actions.practice(id, moves),
    });
    return this.review;
  }

  /** @returns {HTMLElement} the switch that leaves the undone moves out, staying where the game was */
  undoSwitch() {
    const label = element("label", "choice");
    this.skip.type = "checkbox";
    this.skip.name = "skip_undos";
    this.skip.addEventListener("change", () => {
      const before = this.skip.checked ? this.frames.all : this.frames.line;
      const at = before[this.index]?.at ?? 0;
      this.show(this.shown.findLastIndex((frame) => frame.at <= at));
    });
    label.append(this.skip, element("span", "", t("watch.skip_undos")));
    return label;
  }

  /** @returns {HTMLElement} */
  backLink() {
    const paragraph = element("p", "page-back");
    paragraph.append(routeLink("/history", t("watch.back")));
    return paragraph;
  }

  /** @param {KeyboardEvent} event */
  key(event) {
    const target = /** @type {HTMLElement} */ (event.target);
    if (target.closest("input, select, textarea, dialog")) return;
    const moves = { ArrowRight: this.index + 1, ArrowLeft: this.index - 1, Home: 0, End: this.shown.length - 1 };
    const index = moves[/** @type {keyof typeof moves} */ (event.key)];
    if (index === undefined) return;
    event.preventDefault();
    this.show(index);
  }

  /** @param {number} index the frame to show */
  show(index) {
    const frames = this.shown;
    if (!frames.length || !this.board) return;
    this.index = Math.max(0, Math.min(frames.length - 1, index));
    const frame = frames[this.index];
    this.board.render(asState(frame.step));
    this.board.info.textContent = t("examples.score", { score: formatNumber(frame.step.score) });
    this.caption.textContent = this.describe(frame, frames);
    this.review?.redraw();
    this.slider.max = String(frames.length - 1);
    this.slider.value = String(this.index);
    for (const node of this.article.querySelectorAll("[data-step]")) {
      const key = /** @type {HTMLElement} */ (node).dataset.step;
      const atStart = this.index === 0 && (key === "first" || key === "previous");
      const atEnd = this.index === frames.length - 1 && (key === "next" || key === "last");
      /** @type {HTMLButtonElement} */ (node).disabled = atStart || atEnd;
    }
  }

  /**
   * @param {Frame} frame
   * @param {Frame[]} frames the frames shown
   * @returns {string} the caption of *frame*
   */
  describe(frame, frames) {
    if (frame.kind === "undo") return t("watch.caption_undo", { move: frame.move ?? "?" });
    if (frame.kind === "deal") return t("examples.caption_deal", { code: this.code });
    const total = frames.filter((each) => each.kind === "move").length;
    return t("examples.caption", { number: frame.number, total, move: frame.move ?? "" });
  }

  /** Stop following the window's size and the keys once the page is left. */
  close() {
    this.closed = true;
    this.pause();
    this.article.classList.remove("wide");
    window.removeEventListener("resize", this.onResize);
    document.removeEventListener("keydown", this.onKey);
  }
}
