// @ts-check
//# allFunctionsCalledOnLoad
/**
 * The board's places: four foundations and seven columns, each a named group
 * for screen readers that owns its cards (aria-owns), and the info's place
 * beside the foundations. The cards are drawn in a layer of their own
 * (layer.js); a place says what it holds and where the marks go.
 */
import { SUITS, SUIT_SYMBOLS, parseCard } from "./cards.js";

/** @typedef {import("./api.js").GameState} GameState */
/** @typedef {import("./board.js").Labels} Labels */

/**
 * @param {string} className
 * @param {string} [text]
 * @returns {HTMLElement}
 */
function div(className, text) {
  const node = document.createElement("div");
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * An empty place's mark (a suit, a K): drawing only, the slot's name says it.
 * @param {string} className
 * @param {string} text
 * @returns {HTMLElement}
 */
function mark(className, text) {
  const node = div(`mark ${className}`, text);
  node.setAttribute("aria-hidden", "true");
  return node;
}

/**
 * A column or foundation: a named group for screen readers, holding its cards.
 * @param {string} className
 * @param {string} target what a move to it names: "1"…"7" or "F"
 * @returns {HTMLElement}
 */
function slot(className, target) {
  const node = div(`slot ${className}`);
  node.setAttribute("role", "group");
  node.dataset.target = target;
  return node;
}

/**
 * @param {HTMLElement} node
 * @param {string} name
 * @param {string} value set when not empty, else the attribute goes
 */
function setAttribute(node, name, value) {
  if (!value) node.removeAttribute(name);
  else if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

/**
 * @param {HTMLElement[] | undefined} cards
 * @returns {string} their ids, for an aria-owns
 */
function ids(cards = []) {
  return cards.map((node) => node.id).join(" ");
}

export class BoardSlots {
  constructor() {
    this.info = div("info-slot");
    this.foundations = SUITS.map((suit) => {
      const foundation = slot("foundation", "F");
      foundation.dataset.suit = suit;
      foundation.append(mark(suit === "H" || suit === "D" ? "red" : "black", SUIT_SYMBOLS[suit]));
      return foundation;
    });
    this.columns = Array.from({ length: 7 }, (_, index) => {
      const column = slot("column", String(index + 1));
      column.append(mark("king", "K"));
      return column;
    });
    this.top = div("top-row");
    this.top.append(this.info, ...this.foundations);
    this.tableau = div("tableau");
    this.tableau.append(...this.columns);
  }

  /**
   * Name each column and foundation with what it holds ("Column 3, 7 cards, 2
   * face down") and give it its cards, in order, for assistive technology.
   * @param {Labels} labels
   * @param {GameState | null} state
   * @param {{columns: HTMLElement[][], foundations: HTMLElement[][]}} placed the cards each draws
   */
  name(labels, state, placed) {
    this.columns.forEach((slot, index) => {
      const column = state?.columns[index];
      const parts = [labels.column(index + 1)];
      if (column) parts.push(labels.cards(column.hidden + column.cards.length));
      if (column?.hidden) parts.push(labels.faceDownCount(column.hidden));
      slot.setAttribute("aria-label", parts.join(", "));
      setAttribute(slot, "aria-owns", ids(placed.columns[index]));
    });
    this.foundations.forEach((slot, index) => {
      const parts = [labels.foundation(slot.dataset.suit ?? "")];
      if (state) parts.push(labels.cards(state.foundations[index].height));
      slot.setAttribute("aria-label", parts.join(", "));
      setAttribute(slot, "aria-owns", ids(placed.foundations[index]));
    });
  }

  /**
   * Mark the place that holds the card with the keyboard's focus ring (none: null).
   * @param {import("./state.js").Place | null} where the card with the focus, if any
   */
  holdFocus(where) {
    const slot = !where ? null : "foundation" in where ? this.foundations[where.foundation] : this.columns[where.column];
    for (const node of [...this.columns, ...this.foundations]) node.classList.toggle("holding-focus", node === slot);
  }

  /**
   * The slot element a target names: a column, or the foundation of *card*'s suit.
   * @param {string} target "1"…"7" or "F"
   * @param {string} card
   * @returns {HTMLElement}
   */
  of(target, card) {
    if (target === "F") return this.foundations[SUITS.indexOf(/** @type {any} */ (parseCard(card).suit))];
    return this.columns[Number(target) - 1];
  }
}
