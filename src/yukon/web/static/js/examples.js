// @ts-check
/**
 * The Examples page: a real game on deal YU1-C-AACRWEA, step by step on a
 * board, each move explained. The positions come from the server
 * (POST /api/v1/records/replay), and so does the refusal of the one bad move
 * the page tries on purpose: a non-King group to an empty column.
 */
import { api } from "./api.js";
import { BoardView } from "./board.js";
import { formatNumber } from "./format.js";
import { t } from "./i18n.js";
import { PAGE_SPREAD } from "./layout.js";
import { renderInline, renderMarkup } from "./markup.js";
import { BOARD_LABELS, refusalMessage } from "./messages.js";
import { LoadedPage, backLink } from "./pages.js";
import { href } from "./paths.js";

/** @typedef {import("./api.js").ReplayStep} ReplayStep */
/** @typedef {import("./api.js").GameState} GameState */

/** The game the page shows: the seeds' example (1. QC>5, 2. TD>1 moves 10♦ 5♥ J♦ 8♠) and on. */
export const EXAMPLE = Object.freeze({
  code: "YU1-C-AACRWEA",
  moves: [
    "QC>5", "TD>1", "9S>4", "8S>5", "TS>1", "6S>7", "8C>4", "QH>1", "5S>4", "3D>6",
    "AC>F", "AD>F", "2D>F", "2C>6", "3C>2", "2C>F", "3C>F", "3D>F", "4C>F", "KH>3",
    "7D>1", "7S>3", "6D>3", "4D>F", "5D>F", "6D>F",
  ],
  /** Tried after this many moves, and refused: 9♦ 8♠ to the empty column 3. */
  refused: { after: 12, move: "9D>3" },
});

/**
 * @typedef {object} Frame
 * @property {ReplayStep} step   the position shown
 * @property {string} note       the catalog key of its explanation
 * @property {number} number     the move number (0 for the deal)
 * @property {string | null} move
 * @property {string | null} refusal the refused move's rule, on the refused frame
 */

/**
 * The page's frames: the deal, each move, and the refused try after its move.
 * @param {ReplayStep[]} steps
 * @param {string} refusal
 * @returns {Frame[]}
 */
function frames(steps, refusal) {
  /** @type {Frame[]} */
  const list = [];
  steps.forEach((step, number) => {
    list.push({ step, note: `examples.step.${number}`, number, move: step.move, refusal: null });
    if (number === EXAMPLE.refused.after) {
      list.push({ step, note: "examples.refused", number, move: EXAMPLE.refused.move, refusal });
    }
  });
  return list;
}

/**
 * @param {ReplayStep} step
 * @returns {GameState} enough of a game state for the board to draw
 */
function asState(step) {
  return /** @type {GameState} */ ({
    columns: step.columns,
    foundations: step.foundations,
    targets: {},
    double_tap: {},
  });
}

/**
 * @param {string} key
 * @param {() => void} action
 * @returns {HTMLButtonElement}
 */
function button(key, action) {
  const node = document.createElement("button");
  node.type = "button";
  node.dataset.step = key;
  node.textContent = t(`examples.${key}`);
  node.addEventListener("click", action);
  return node;
}

export class ExamplesPage extends LoadedPage {
  /** @param {HTMLElement} article */
  constructor(article) {
    super(article);
    /** @type {Frame[]} */
    this.frames = [];
    this.index = 0;
    /** @type {BoardView | null} */
    this.board = null;
    this.caption = document.createElement("p");
    this.note = document.createElement("div");
    this.onResize = () => this.board?.layout();
    this.onKey = (/** @type {KeyboardEvent} */ event) => {
      if (event.key === "ArrowRight") this.show(this.index + 1);
      else if (event.key === "ArrowLeft") this.show(this.index - 1);
    };
  }

  /** Build the page and load the game's positions from the server. */
  async render() {
    const title = document.createElement("h1");
    title.textContent = t("page.examples.title");
    const intro = renderMarkup(t("examples.intro", { code: EXAMPLE.code }));
    const play = document.createElement("a");
    play.href = href(`/play/${EXAMPLE.code}`);
    play.textContent = t("examples.play", { code: EXAMPLE.code });
    const boardNode = document.createElement("div");
    boardNode.className = "board example-board";
    const controls = document.createElement("div");
    controls.className = "step-controls";
    controls.append(
      button("first", () => this.show(0)),
      button("previous", () => this.show(this.index - 1)),
      button("next", () => this.show(this.index + 1)),
      button("last", () => this.show(this.frames.length - 1)),
    );
    this.caption.className = "step-caption";
    this.note.className = "step-note";
    this.note.setAttribute("aria-live", "polite");
    const panel = document.createElement("div");
    panel.className = "step-panel";
    panel.append(controls, this.caption, this.note);
    const stepper = document.createElement("div");
    stepper.className = "stepper";
    stepper.append(panel, boardNode);
    this.article.classList.add("wide");
    // The game first, so that a phone shows the board above the fold; how to read it follows.
    this.article.replaceChildren(title, stepper, intro, play, backLink());
    this.board = new BoardView(boardNode, BOARD_LABELS, () => Math.min(window.innerHeight - 72, 760), PAGE_SPREAD);
    window.addEventListener("resize", this.onResize);
    document.addEventListener("keydown", this.onKey);
    await this.load();
  }

  async load() {
    const record = [EXAMPLE.code, ...EXAMPLE.moves].join(" ");
    const tried = [EXAMPLE.code, ...EXAMPLE.moves.slice(0, EXAMPLE.refused.after), EXAMPLE.refused.move].join(" ");
    const [game, refused] = await Promise.all([api.replayRecord(record), api.replayRecord(tried)]);
    const refusal = refused.error ? refusalMessage(refused.error) : "";
    this.frames = frames(game.steps, refusal);
    this.show(0);
  }

  /** @param {number} index the frame to show */
  show(index) {
    if (!this.frames.length || !this.board || this.closed) return;
    this.index = Math.max(0, Math.min(this.frames.length - 1, index));
    const frame = this.frames[this.index];
    this.board.render(asState(frame.step));
    this.markMoved(frame);
    this.board.info.textContent = t("examples.score", { score: formatNumber(frame.step.score) });
    this.caption.textContent = frame.move
      ? t(frame.refusal ? "examples.caption_refused" : "examples.caption", {
          number: frame.number,
          total: EXAMPLE.moves.length,
          move: frame.move,
        })
      : t("examples.caption_deal", { code: EXAMPLE.code });
    const note = [...renderInline(t(frame.note))];
    if (frame.refusal) {
      const rule = document.createElement("strong");
      rule.className = "refusal";
      rule.textContent = frame.refusal;
      note.push(document.createTextNode(" "), rule);
    }
    this.note.replaceChildren(...note);
    for (const node of this.article.querySelectorAll("[data-step]")) {
      const key = /** @type {HTMLElement} */ (node).dataset.step;
      const atStart = this.index === 0 && (key === "first" || key === "previous");
      const atEnd = this.index === this.frames.length - 1 && (key === "next" || key === "last");
      /** @type {HTMLButtonElement} */ (node).disabled = atStart || atEnd;
    }
  }

  /**
   * Mark the cards the frame's move moved (the group, or the card sent to its
   * foundation), or the card of the refused try.
   * @param {Frame} frame
   */
  markMoved(frame) {
    const board = /** @type {BoardView} */ (this.board);
    for (const node of board.root.querySelectorAll(".moved, .refused")) node.classList.remove("moved", "refused");
    if (!frame.move) return;
    const card = frame.move.split(">")[0];
    const cards = frame.refusal ? [card] : board.groupOf(card);
    for (const code of cards) board.face(code).classList.add(frame.refusal ? "refused" : "moved");
  }

  /** Stop following the window's size once the page is left. */
  close() {
    super.close();
    this.article.classList.remove("wide");
    window.removeEventListener("resize", this.onResize);
    document.removeEventListener("keydown", this.onKey);
  }
}
