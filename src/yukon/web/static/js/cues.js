// @ts-check
//# allFunctionsCalledOnLoad
/**
 * What the board shows besides the cards' places (SPEC §5): a card that a tap
 * could not play shakes, and a hint shows its move. The hint outlines the card
 * and the cards on it as they show (never a card's hidden part under the
 * cards on it), and the outlined cards travel to their target and back; under
 * reduced motion the card flashes instead of shaking and a still arrow points
 * the way instead of the travel.
 */
import { reducedMotion } from "./motion.js";

/** @typedef {import("./board.js").BoardView} BoardView */
/** @typedef {import("./board.js").Spot} Spot */
/** @typedef {{left: number, top: number, right: number, bottom: number}} Box */

const SVG = "http://www.w3.org/2000/svg";
/** A refused card's shake, side to side: long enough to be seen, short enough not to hold up the next tap. */
const SHAKE = [0, -6, 6, -4, 4, 0].map((x) => ({ transform: `translateX(${x}px)` }));
const SHAKE_MS = 280;
/** How long a refused card stays marked: the whole shake, or a flash that is seen without motion. */
const REFUSED_MS = 600;
/** The hinted cards' trip: there, a pause to be seen there, and back. */
const TRAVEL_MS = 1400;
/** Over the cards of every column while they travel, under cards held by a drag. */
const TRAVEL_Z = 9000;

/**
 * Show that a tap played nothing: the card shakes, or under reduced motion its
 * edge flashes (board.css); either way it is marked `.tap-refused` meanwhile.
 * @param {BoardView} board
 * @param {string} card
 */
export function showRefused(board, card) {
  const node = board.locate(card) ? board.face(card) : null;
  if (!node) return;
  node.classList.add("tap-refused");
  if (!reducedMotion()) node.animate(SHAKE, { duration: SHAKE_MS, easing: "ease-in-out" });
  const token = {};
  refusals.set(node, token);
  window.setTimeout(() => {
    if (refusals.get(node) !== token) return;
    refusals.delete(node);
    node.classList.remove("tap-refused");
  }, REFUSED_MS);
}

/** @type {WeakMap<HTMLElement, object>} the latest refusal of each card: an older one's end leaves its mark */
const refusals = new WeakMap();

/**
 * @param {Box[]} boxes
 * @returns {Box} the smallest box round them all
 */
function union(boxes) {
  return {
    left: Math.min(...boxes.map((box) => box.left)),
    top: Math.min(...boxes.map((box) => box.top)),
    right: Math.max(...boxes.map((box) => box.right)),
    bottom: Math.max(...boxes.map((box) => box.bottom)),
  };
}

/** Each arrow's own id for its head: a page may show several boards and several cues. */
let arrows = 0;

/** A hint drawn on a board: the outline round the cards it moves, their trip or the arrow. */
export class HintCue {
  /** @param {BoardView} board */
  constructor(board) {
    this.board = board;
    this.outline = document.createElement("div");
    this.outline.className = "hint-outline";
    this.outline.hidden = true;
    this.arrow = document.createElementNS(SVG, "svg");
    this.arrow.classList.add("hint-arrow");
    this.arrow.setAttribute("hidden", "");
    arrows += 1;
    const head = `hint-head-${arrows}`;
    this.arrow.innerHTML =
      `<defs><marker id="${head}" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="3.2" markerHeight="3.2" orient="auto-start-reverse">` +
      `<path d="M0 0 10 5 0 10z"/></marker></defs><line class="halo"/><line class="shaft" marker-end="url(#${head})"/>`;
    for (const node of [this.outline, this.arrow]) node.setAttribute("aria-hidden", "true");
    board.root.append(this.outline, this.arrow);
    /** @type {{card: string, target: string} | null} */
    this.shown = null;
    /** @type {Animation[]} */
    this.trip = [];
    // The cards are placed again (a resize, a message at the bottom): the outline and the arrow follow.
    board.laidOut.add(() => this.draw());
  }

  /**
   * Show the move of *card*, with the cards on it, to *target*.
   * @param {string} card
   * @param {string} target "1"…"7" or "F"
   */
  show(card, target) {
    this.clear();
    this.shown = { card, target };
    this.draw();
    if (reducedMotion()) this.arrow.removeAttribute("hidden");
    else this.travel();
  }

  /** Show the hint no more: its trip stops where it is, its outline and arrow go. */
  clear() {
    for (const animation of this.trip) animation.cancel();
    this.trip = [];
    this.shown = null;
    this.outline.hidden = true;
    this.arrow.setAttribute("hidden", "");
  }

  /** @returns {HTMLElement[]} the cards the hinted move takes, as drawn now */
  cards() {
    return this.shown ? this.board.groupOf(this.shown.card).map((code) => this.board.face(code)) : [];
  }

  /**
   * @param {HTMLElement} node a card on the board
   * @returns {Box} where it lies in the board's card layer
   */
  boxOf(node) {
    const spot = this.board.spots.get(node) ?? { x: 0, y: 0 };
    const { width, height } = this.board.metrics;
    return { left: spot.x, top: spot.y, right: spot.x + width, bottom: spot.y + height };
  }

  /**
   * Where the hinted cards would lie once moved, in the board's card layer: on
   * the target column's last card, its index still showing, else in the empty
   * column or on the foundation.
   * @returns {Spot}
   */
  landing() {
    const board = this.board;
    const { card, target } = /** @type {{card: string, target: string}} */ (this.shown);
    const column = target === "F" ? null : board.placed.columns[Number(target) - 1];
    const last = column?.[column.length - 1];
    if (last) {
      const box = this.boxOf(last);
      return { x: box.left, y: box.top + board.metrics.upGap };
    }
    const slot = board.slotOf(target, card).getBoundingClientRect();
    const layer = board.layer.getBoundingClientRect();
    return { x: Math.round(slot.left - layer.left), y: Math.round(slot.top - layer.top) };
  }

  /** Place the outline round the hinted cards and the arrow from them to the landing place. */
  draw() {
    const cards = this.cards();
    if (!cards.length) return;
    const box = union(cards.map((node) => this.boxOf(node)));
    const style = this.outline.style;
    style.translate = `${box.left}px ${box.top}px`;
    style.width = `${box.right - box.left}px`;
    style.height = `${box.bottom - box.top}px`;
    this.outline.hidden = false;
    const land = this.landing();
    const { width, height } = this.board.metrics;
    const from = { x: (box.left + box.right) / 2, y: box.top + Math.min(height, box.bottom - box.top) / 2 };
    const to = { x: land.x + width / 2, y: land.y + height / 2 };
    // The arrow stops short of the landing place's middle, its head on the card there.
    const length = Math.hypot(to.x - from.x, to.y - from.y) || 1;
    const stop = Math.min(height / 4, length / 3);
    const end = { x: to.x - ((to.x - from.x) * stop) / length, y: to.y - ((to.y - from.y) * stop) / length };
    for (const line of this.arrow.querySelectorAll("line")) {
      line.setAttribute("x1", String(from.x));
      line.setAttribute("y1", String(from.y));
      line.setAttribute("x2", String(end.x));
      line.setAttribute("y2", String(end.y));
    }
  }

  /** Send the outlined cards to their landing place and back, over every other card. */
  travel() {
    const cards = this.cards();
    if (!cards.length) return;
    const first = this.boxOf(cards[0]);
    const land = this.landing();
    const away = `translate(${land.x - first.left}px, ${land.y - first.top}px)`;
    /** @param {number} z */
    const keyframes = (z) => [
      { transform: "none", zIndex: z, easing: "ease-in-out" },
      { transform: away, zIndex: z, offset: 0.4 },
      { transform: away, zIndex: z, offset: 0.6, easing: "ease-in-out" },
      { transform: "none", zIndex: z },
    ];
    this.trip = [...cards, this.outline].map((node, index) => node.animate(keyframes(TRAVEL_Z + index), TRAVEL_MS));
  }
}
