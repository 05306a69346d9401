// @ts-check
//# allFunctionsCalledOnLoad
/**
 * The board's roving focus (SPEC §7): the board is one stop of the Tab key, and
 * within it the focus moves between the seven columns, the four foundations and
 * the face-up cards of a column. The focused card has DOM focus, so that a
 * screen reader reads its name and the group (column or foundation) around it.
 *
 * Drawing the board moves card elements between columns, which drops their
 * focus; the focus is put back after every drawing, on the same card when it is
 * still where it was, else on the same place.
 *
 * The board is an application for assistive technology (the ARIA authoring
 * practices' composite widget with a roving focus): a screen reader leaves its
 * browse mode there by itself, so that the game's keys reach the game. The info
 * bar is taken out of it for them (aria-owns), to be read as text.
 */
import { t } from "./i18n.js";

/** @typedef {import("./board.js").BoardView} BoardView */

/**
 * A place the focus can be: a column (0–6) and a face-up card in it, counted
 * from the bottom (an empty column is focused as a whole), or a foundation (0–3).
 * @typedef {{column: number, index: number} | {foundation: number}} Spot
 */

const COLUMNS = 7;
/** The places Left and Right go through: the columns, then the foundations. */
const PLACES = COLUMNS + 4;

export class BoardFocus {
  /** @param {BoardView} board */
  constructor(board) {
    this.board = board;
    /** @type {Spot} */
    this.spot = { column: 0, index: Infinity };
    /** @type {string | null} the card the focus goes to after the next drawing */
    this.following = null;
    /** @type {HTMLElement | null} the one element the Tab key reaches */
    this.stop = null;
    makeApplication(board);
    board.root.addEventListener("focusin", (event) => this.focused(/** @type {Element} */ (event.target)));
    board.drawn.add((focused) => this.redrawn(focused));
  }

  /**
   * @param {Element | null} node
   * @returns {Spot | null} the place an element of the board stands for
   */
  spotOf(node) {
    const card = /** @type {HTMLElement | null} */ (node?.closest(".card.face") ?? null)?.dataset.card;
    if (card) {
      const where = this.board.locate(card);
      if (!where) return null;
      return "foundation" in where ? where : { column: where.column, index: where.index };
    }
    const slot = /** @type {HTMLElement | null} */ (node?.closest(".slot") ?? null);
    if (!slot || slot.querySelector(".card")) return null;
    const column = this.board.columnSlots.indexOf(slot);
    return column >= 0 ? { column, index: -1 } : { foundation: this.board.foundationSlots.indexOf(slot) };
  }

  /** @returns {Spot | null} the focused place, when the focus is on the board's cards */
  active() {
    return this.spotOf(document.activeElement);
  }

  /**
   * @param {Spot} spot
   * @returns {HTMLElement} the element that holds the focus there
   */
  elementOf(spot) {
    const board = this.board;
    const state = board.state;
    if ("foundation" in spot) {
      const top = state?.foundations[spot.foundation].top;
      return top ? board.face(top) : board.foundationSlots[spot.foundation];
    }
    const cards = state?.columns[spot.column].cards ?? [];
    if (!cards.length) return board.columnSlots[spot.column];
    return board.face(cards[Math.max(0, Math.min(cards.length - 1, spot.index))]);
  }

  /**
   * Make *spot* the tab stop and, with *focus*, give it the focus.
   * @param {Spot} spot
   * @param {boolean} [focus]
   */
  go(spot, focus = true) {
    const element = this.elementOf(spot);
    this.spot = this.spotOf(element) ?? spot;
    if (this.stop && this.stop !== element) this.stop.tabIndex = -1;
    element.tabIndex = 0;
    this.stop = element;
    if (focus && document.activeElement !== element) element.focus();
  }

  /**
   * Left or Right: the next column or foundation, round the board.
   * @param {number} step -1 or 1
   */
  across(step) {
    const place = "foundation" in this.spot ? COLUMNS + this.spot.foundation : this.spot.column;
    const next = (place + step + PLACES) % PLACES;
    this.go(next < COLUMNS ? { column: next, index: Infinity } : { foundation: next - COLUMNS });
  }

  /**
   * Up or Down: the face-up card above or below in the same column.
   * @param {number} step -1 (up the screen) or 1
   */
  along(step) {
    if ("column" in this.spot && this.spot.index >= 0) this.go({ column: this.spot.column, index: this.spot.index + step });
  }

  /** @param {number} number a column, 1–7: focus its last card */
  column(number) {
    this.go({ column: number - 1, index: Infinity });
  }

  /** @param {string} card the focus goes where this card is after the next drawing */
  follow(card) {
    this.following = card;
  }

  /** @param {string} card focus this card now */
  card(card) {
    const spot = this.spotOf(this.board.face(card));
    if (spot) this.go(spot);
  }

  /** @param {Element} node */
  focused(node) {
    const spot = this.spotOf(node);
    if (spot) this.go(spot, false);
  }

  /**
   * After a drawing: every face-up card answers to the keys; the focus goes to
   * the card followed, else stays on its card or its place.
   * @param {Element | null} focused what had the focus on the board before
   */
  redrawn(focused) {
    // Only what changes is written: a drawing after a drop runs in the frame that starts the slide.
    for (const node of this.board.faces.values()) {
      if (node.getAttribute("role") !== "button") node.setAttribute("role", "button");
      if (node !== this.stop && node.getAttribute("tabindex") !== "-1") node.tabIndex = -1;
    }
    for (const slot of [...this.board.columnSlots, ...this.board.foundationSlots]) {
      if (slot !== this.stop && slot.getAttribute("tabindex") !== "-1") slot.tabIndex = -1;
    }
    const followed = this.following;
    this.following = null;
    const card = followed ?? /** @type {HTMLElement | null} */ (focused)?.dataset?.card;
    const now = card ? this.spotOf(this.board.face(card)) : null;
    const keep = now && (followed !== null || sameArea(now, this.spot)) ? now : this.spot;
    this.go(keep, !!focused?.closest(".card.face, .slot"));
  }
}

/**
 * Make the board a named application for assistive technology, described by
 * its keys in short, with the info bar owned by the board's parent instead.
 * @param {BoardView} board
 */
function makeApplication(board) {
  const root = board.root;
  root.setAttribute("role", "application");
  root.dataset.i18nAriaLabel = "board.label";
  root.setAttribute("aria-label", t("board.label"));
  const keys = document.createElement("p");
  keys.id = `${root.id || "board"}-keys`;
  keys.hidden = true;
  keys.dataset.i18n = "board.keys";
  keys.textContent = t("board.keys");
  root.after(keys);
  root.setAttribute("aria-describedby", keys.id);
  board.info.id = `${root.id || "board"}-info`;
  root.parentElement?.setAttribute("aria-owns", board.info.id);
}

/**
 * @param {Spot} a
 * @param {Spot} b
 * @returns {boolean} whether both are in the same column, or on the same foundation
 */
function sameArea(a, b) {
  if ("foundation" in a) return "foundation" in b && a.foundation === b.foundation;
  return "column" in b && a.column === b.column;
}
