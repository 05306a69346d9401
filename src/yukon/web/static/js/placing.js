// @ts-check
//# allFunctionsCalledOnLoad
/**
 * The board's layout: sizes the cards to the room the board has (layout.js
 * does the arithmetic) and gives every card of every column and foundation its
 * place in the layer (layer.js), showing of each card what the next one leaves
 * in sight. The slots are measured once, after the last change to their size:
 * the cards' places change no layout, so no second layout follows.
 */
import { showInSight } from "./cards.js";
import { setStyle } from "./layer.js";
import { columnTops, fitBoard, indexSize } from "./layout.js";

/** @typedef {import("./api.js").Column} Column */
/** @typedef {import("./layer.js").CardLayer} CardLayer */
/** @typedef {import("./layer.js").Spot} Spot */
/** @typedef {import("./layout.js").Metrics} Metrics */
/** @typedef {import("./slots.js").BoardSlots} BoardSlots */

/**
 * The room the board has, read from the page.
 * @typedef {object} Room
 * @property {number} width    the board's width
 * @property {number} height   the height it may take
 * @property {number} reserve  the part of that height a notice covers
 */

/**
 * The cards each column (bottom first) and each foundation draws.
 * @typedef {{columns: HTMLElement[][], foundations: HTMLElement[][]}} Placed
 */

/**
 * Paint order: a foundation's cards under every column's, a column's over the
 * columns left of it (as the page's order would have it); picked-up cards are
 * over all (layer.js).
 */
const COLUMN_Z = 100;

export class BoardLayout {
  /**
   * @param {HTMLElement} root the element the board fills: it carries the cards' size
   * @param {BoardSlots} slots
   * @param {CardLayer} cards
   * @param {import("./layout.js").Spread} spread how far the columns may spread where there is room
   * @param {Metrics} metrics the cards' size before the first layout
   */
  constructor(root, slots, cards, spread, metrics) {
    this.root = root;
    this.slots = slots;
    this.cards = cards;
    this.spread = spread;
    this.metrics = metrics;
    /** @type {{key: string, columns: Spot[], foundations: Spot[]} | null} the slots' corners as last measured, and for what size */
    this.measured = null;
    /**
     * @type {Map<number, string>} the columns whose squeezed run the player
     * opened, each at the card touched or focused there: its strips lie round it
     */
    this.opened = new Map();
  }

  /**
   * Size the cards to the room and place every card of every column and foundation.
   * @param {Room} room the room measured before the page was changed
   * @param {Column[]} columns the columns drawn: how tall they are decides the cards' size
   * @param {Placed} placed
   * @param {boolean} again whether the slots are where the last measure found
   *   them unless the cards' size changed (a drawing of a new state: a column's
   *   height moves no slot), so that they need not be measured again
   */
  place(room, columns, placed, again) {
    const metrics = fitBoard(room.width, Math.max(200, room.height), columns, room.reserve, this.spread);
    this.metrics = metrics;
    this.root.classList.toggle("side", metrics.side);
    const style = this.root.style;
    style.setProperty("--card-w", `${metrics.width}px`);
    style.setProperty("--card-h", `${metrics.height}px`);
    style.setProperty("--gap", `${metrics.gap}px`);
    style.setProperty("--column-gap", `${metrics.columnGap}px`);
    style.setProperty("--index", `${indexSize(metrics.width)}px`);
    const tops = placed.columns.map((cards, index) => {
      const down = cards.filter((node) => node.classList.contains("back")).length;
      const open = cards.findIndex((node) => node.dataset.card === this.opened.get(index));
      const column = columnTops(down, cards.length - down, metrics, open < 0 ? -1 : open - down);
      setStyle(this.slots.columns[index], "height", `${column.height}px`);
      return column;
    });
    const corners = this.corners(room, metrics, again);
    const size = { width: metrics.width, height: metrics.height, index: indexSize(metrics.width) };
    placed.columns.forEach((cards, column) => {
      const at = corners.columns[column];
      const { offsets, squeezed } = tops[column];
      cards.forEach((node, index) => {
        this.cards.place(node, { x: at.x, y: at.y + offsets[index] }, COLUMN_Z * (column + 1) + index);
        // Parts of a card that the next card covers are not drawn (access.css, showInSight).
        node.classList.toggle("covered", index < cards.length - 1);
        node.classList.toggle("squeezed", squeezed[index]);
        if (node.dataset.card) showInSight(node, index < cards.length - 1 ? offsets[index + 1] - offsets[index] : Infinity, size);
      });
    });
    placed.foundations.forEach((cards, index) => {
      const at = corners.foundations[index];
      cards.forEach((node, order) => {
        this.cards.place(node, at, order + 1);
        showInSight(node, Infinity, size);
      });
    });
  }

  /**
   * Where each column's and foundation's top-left corner lies in the layer.
   * Measuring them lays the page out there and then, in the middle of a
   * drawing (after a drop, the longest part of its frame); a drawing that
   * keeps the cards' size and the board's width reuses the last measure.
   * @param {Room} room
   * @param {Metrics} metrics
   * @param {boolean} again whether the last measure may be reused
   * @returns {{columns: Spot[], foundations: Spot[]}}
   */
  corners(room, metrics, again) {
    const key = [room.width, metrics.width, metrics.height, metrics.gap, metrics.side].join(" ");
    if (again && this.measured?.key === key) return this.measured;
    const origin = this.cards.node.getBoundingClientRect();
    /**
     * A card in a slot is drawn on whole pixels of the window, as the page draws
     * the slot's edges (an offset by a fraction of a pixel blurs the card's edges).
     * @param {HTMLElement} slot
     * @returns {Spot} the slot's top-left corner in the layer
     */
    const corner = (slot) => {
      const box = slot.getBoundingClientRect();
      return { x: Math.round(box.left) - origin.left, y: Math.round(box.top) - origin.top };
    };
    this.measured = { key, columns: this.slots.columns.map(corner), foundations: this.slots.foundations.map(corner) };
    return this.measured;
  }

  /**
   * The card *node* lay on shows whole again, as does the mark of a foundation
   * it empties (the drawing after the drop covers them again).
   * @param {HTMLElement} node the first card a drag holds
   * @param {Placed} placed
   */
  uncover(node, placed) {
    for (const cards of placed.columns) {
      const index = cards.indexOf(node);
      if (index <= 0) continue;
      const under = cards[index - 1];
      under.classList.remove("covered", "squeezed");
      if (under.dataset.card) showInSight(under, Infinity, { ...this.metrics, index: indexSize(this.metrics.width) });
    }
    placed.foundations.forEach((cards, index) => {
      if (cards[cards.length - 1] !== node) return;
      if (cards.length > 1) cards[0].classList.remove("under");
      else this.slots.foundations[index].classList.remove("filled");
    });
  }
}
