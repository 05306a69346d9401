// @ts-check
/**
 * The board view: draws a game state (foundations, seven columns) and lays the
 * cards out so that the tallest column fits the window. It knows nothing of the
 * rules; it shows what the server sent and where the server said cards may go.
 */
import { SUITS, SUIT_SYMBOLS, makeBackElement, makeCardElement, parseCard } from "./cards.js";
import { GAME_SPREAD, columnTops, fitBoard, indexSize } from "./layout.js";
import { reducedMotion } from "./motion.js";

/** @typedef {import("./api.js").GameState} GameState */
/** @typedef {import("./api.js").Column} Column */
/** @typedef {import("./api.js").Foundation} Foundation */
/** @typedef {import("./layout.js").Metrics} Metrics */

/**
 * The room the board has, read from the page.
 * @typedef {object} Room
 * @property {number} width    the board's width
 * @property {number} height   the height it may take
 * @property {number} reserve  the part of that height a notice covers
 */

/**
 * The accessible names of the board's parts, in the current language.
 * @typedef {object} Labels
 * @property {(number: number) => string} column      a column, numbered from 1
 * @property {(suit: string) => string} foundation    a foundation, by suit letter
 * @property {(count: number) => string} cards       how many cards a column or foundation holds
 * @property {(count: number) => string} faceDownCount how many of a column's cards are face down
 * @property {(code: string) => string} card          a face-up card: "7 of hearts"
 * @property {() => string} faceDown                  a face-down card
 */

const MOVE_MS = 160;
/** A card turning over: it opens from its edge, as a card flipped on the table. */
const FLIP = [{ transform: "perspective(600px) rotateY(90deg)" }, { transform: "none" }];

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
 * Give *parent* exactly *children*, in order, taking out and putting in only the
 * nodes that are not already in place: a move changes the ends of two or three
 * places, and every node put in again has its layout rebuilt (re-inserting a
 * whole column made the longest frame of a drop on phones).
 * @param {HTMLElement} parent
 * @param {Element[]} children
 */
function replaceChanged(parent, children) {
  const wanted = new Set(children);
  for (const node of [...parent.children]) if (!wanted.has(node)) node.remove();
  const now = parent.children;
  children.forEach((node, index) => {
    if (now[index] !== node) parent.insertBefore(node, now[index] ?? null);
  });
}

/**
 * @param {HTMLElement} node
 * @param {"top" | "height"} property
 * @param {string} value
 */
function setStyle(node, property, value) {
  if (node.style[property] !== value) node.style[property] = value;
}

export class BoardView {
  /**
   * @param {HTMLElement} root the element the board fills
   * @param {Labels} labels
   * @param {() => number} [room] the height the board may take; by default, down to the window's bottom
   * @param {import("./layout.js").Spread} [spread] how far the columns may spread where there is room
   */
  constructor(root, labels, room, spread = GAME_SPREAD) {
    this.root = root;
    this.labels = labels;
    this.spread = spread;
    this.room = room ?? (() => window.innerHeight - this.root.getBoundingClientRect().top - 8);
    /** The height at the bottom of the room that a notice covers: the columns end above it. */
    this.reserve = () => 0;
    /** @type {GameState | null} */
    this.state = null;
    /** @type {Map<string, HTMLElement>} */
    this.faces = new Map();
    /** @type {HTMLElement[]} */
    this.backs = [];
    this.info = div("info-slot");
    this.foundationSlots = SUITS.map((suit) => {
      const foundation = slot("foundation", "F");
      foundation.dataset.suit = suit;
      foundation.append(mark(suit === "H" || suit === "D" ? "red" : "black", SUIT_SYMBOLS[suit]));
      return foundation;
    });
    this.columnSlots = Array.from({ length: 7 }, (_, index) => {
      const column = slot("column", String(index + 1));
      column.append(mark("king", "K"));
      return column;
    });
    /** @type {Set<(focused: Element | null) => void>} called after each drawing, with what had focus in the board */
    this.drawn = new Set();
    const top = div("top-row");
    top.append(this.info, ...this.foundationSlots);
    const tableau = div("tableau");
    tableau.append(...this.columnSlots);
    root.replaceChildren(top, tableau);
    /** @type {Metrics} */
    this.metrics = fitBoard(Math.max(1, root.clientWidth), Math.max(200, this.room()), [], 0, spread);
    // Sized at once: a board still at its style sheet's default size is wider than a phone.
    this.layout();
    this.applyLabels();
  }

  /** Name the slots and cards for screen readers, in the current language. */
  applyLabels() {
    const labels = this.labels;
    this.nameSlots();
    for (const [code, node] of this.faces) node.setAttribute("aria-label", labels.card(code));
    const backs = new Set([...this.backs, ...this.root.querySelectorAll(".card.back")]);
    for (const node of backs) node.setAttribute("aria-label", labels.faceDown());
  }

  /** Name each column and foundation with what it holds: "Column 3, 7 cards, 2 face down". */
  nameSlots() {
    const labels = this.labels;
    const state = this.state;
    this.columnSlots.forEach((slot, index) => {
      const column = state?.columns[index];
      const parts = [labels.column(index + 1)];
      if (column) parts.push(labels.cards(column.hidden + column.cards.length));
      if (column?.hidden) parts.push(labels.faceDownCount(column.hidden));
      slot.setAttribute("aria-label", parts.join(", "));
    });
    this.foundationSlots.forEach((slot, index) => {
      const parts = [labels.foundation(slot.dataset.suit ?? "")];
      if (state) parts.push(labels.cards(state.foundations[index].height));
      slot.setAttribute("aria-label", parts.join(", "));
    });
  }

  /**
   * @param {string} code
   * @returns {HTMLElement} the one element that draws this card
   */
  face(code) {
    let node = this.faces.get(code);
    if (!node) {
      node = makeCardElement(code, this.labels.card(code));
      // The card reads as its name; the rank and suit drawn on it would repeat it.
      for (const part of node.children) part.setAttribute("aria-hidden", "true");
      this.faces.set(code, node);
    }
    return node;
  }

  /**
   * @param {number} count
   * @returns {HTMLElement[]} that many face-down card elements, none shared with another column
   */
  takeBacks(count) {
    while (this.backs.length < count) this.backs.push(makeBackElement(this.labels.faceDown()));
    return this.backs.splice(0, count);
  }

  /**
   * Draw *state*; cards that moved slide to their new place. Everything the
   * drawing needs from the page is read before the first change and once after
   * the last: a read between two changes makes the browser lay the page out
   * again on the spot, once for every read.
   * @param {GameState} state
   */
  render(state) {
    // Moving a focused card to another parent drops its focus: the listeners put it back.
    const active = document.activeElement;
    const focused = active && active !== this.root && this.root.contains(active) ? active : null;
    const before = this.rects();
    const room = this.measure();
    const turned = this.turnedBy(state);
    this.releaseDrag();
    this.state = state;
    this.columnSlots.forEach((slot, index) => this.fillColumn(slot, state.columns[index]));
    this.foundationSlots.forEach((slot, index) => this.fillFoundation(slot, state.foundations[index]));
    this.nameSlots();
    this.layout(room);
    this.slide(before);
    for (const listener of this.drawn) listener(focused);
    if (!reducedMotion()) for (const code of turned) this.face(code).animate(FLIP, { duration: MOVE_MS, easing: "ease-out" });
  }

  /**
   * @param {GameState} state the state about to be drawn
   * @returns {string[]} the cards it turns face-up: a column's first face-up card where it has fewer face-down ones
   */
  turnedBy(state) {
    const shown = this.state;
    if (!shown || shown.id !== state.id) return [];
    return state.columns.flatMap((column, index) =>
      column.hidden < shown.columns[index].hidden && column.cards.length ? [column.cards[0]] : [],
    );
  }

  /**
   * @param {HTMLElement} slot
   * @param {Column} column
   */
  fillColumn(slot, column) {
    const mark = /** @type {HTMLElement} */ (slot.firstElementChild);
    const current = [...slot.querySelectorAll(".card.back")];
    const backs = current.slice(0, column.hidden);
    const extra = this.takeBacks(Math.max(0, column.hidden - backs.length));
    const faces = column.cards.map((code) => this.face(code));
    for (const node of faces) node.classList.remove("under");
    replaceChanged(slot, [mark, ...backs, ...extra, ...faces]);
    for (const node of current.slice(column.hidden)) this.backs.push(/** @type {HTMLElement} */ (node));
    slot.classList.toggle("empty", column.hidden + column.cards.length === 0);
  }

  /**
   * A foundation shows its top card over the one below it, so that taking the
   * top back reveals the next.
   * @param {HTMLElement} slot
   * @param {Foundation} foundation
   */
  fillFoundation(slot, foundation) {
    const mark = /** @type {HTMLElement} */ (slot.firstElementChild);
    const shown = [];
    for (let rank = Math.max(1, foundation.height - 1); rank <= foundation.height; rank += 1) {
      shown.push(this.face(`${"A23456789TJQK"[rank - 1]}${foundation.suit}`));
    }
    for (const node of shown) {
      node.style.top = "0px";
      // The card under the top one only shows when the top is dragged away (board.css).
      node.classList.toggle("under", node !== shown[shown.length - 1]);
    }
    replaceChanged(slot, [mark, ...shown]);
  }

  /** @returns {Room} the room the board has now (a read of the page's layout) */
  measure() {
    return { width: this.root.clientWidth, height: this.room(), reserve: this.reserve() };
  }

  /**
   * Size the cards to the room and place every card of every column.
   * @param {Room} room the room measured before the page was changed (by default, now)
   */
  layout(room = this.measure()) {
    // A hidden board (a page is shown) has no size to fit; it is laid out when shown.
    if (!room.width) return;
    const metrics = fitBoard(room.width, Math.max(200, room.height), this.state?.columns ?? [], room.reserve, this.spread);
    this.metrics = metrics;
    this.root.classList.toggle("side", metrics.side);
    const style = this.root.style;
    style.setProperty("--card-w", `${metrics.width}px`);
    style.setProperty("--card-h", `${metrics.height}px`);
    style.setProperty("--gap", `${metrics.gap}px`);
    style.setProperty("--index", `${indexSize(metrics.width)}px`);
    for (const slot of this.columnSlots) {
      const cards = /** @type {HTMLElement[]} */ ([...slot.querySelectorAll(".card")]);
      const down = cards.filter((node) => node.classList.contains("back")).length;
      const tops = columnTops(down, cards.length - down, metrics);
      cards.forEach((node, index) => setStyle(node, "top", `${tops.offsets[index]}px`));
      setStyle(slot, "height", `${tops.height}px`);
    }
  }

  /**
   * Pick up *card* and the cards on it: they go into one layer over their
   * place, which a drag then moves as a whole, so that a pointer move restyles
   * one element instead of every card of the group. The layer is fixed to the
   * window: moved cards that reach past the page's end would otherwise change
   * its size, and the browser would paint the whole page again at every move.
   * @param {string} card
   * @returns {HTMLElement} the layer to move
   */
  lift(card) {
    const group = this.groupOf(card).map((code) => this.face(code));
    const place = /** @type {HTMLElement} */ (group[0].parentElement);
    const box = place.getBoundingClientRect();
    const active = document.activeElement;
    const layer = div("lift");
    layer.style.left = `${box.left}px`;
    layer.style.top = `${box.top}px`;
    for (const node of group) node.classList.add("dragging");
    place.append(layer);
    layer.append(...group);
    // Taken out of its place, a focused card loses the focus: it keeps it.
    if (active instanceof HTMLElement && group.includes(active)) active.focus({ preventScroll: true });
    return layer;
  }

  /** Undo what a drag did to the cards' style (the layer goes when its place is filled again). */
  releaseDrag() {
    for (const node of this.root.querySelectorAll(".card.dragging")) node.classList.remove("dragging");
  }

  /** @returns {Map<string, DOMRect>} where every face-up card is drawn now */
  rects() {
    /** @type {Map<string, DOMRect>} */
    const rects = new Map();
    for (const [code, node] of this.faces) {
      if (node.isConnected) rects.set(code, node.getBoundingClientRect());
    }
    return rects;
  }

  /**
   * Slide every card that moved from where it was drawn before: every card is
   * measured first (one layout), then every slide starts (a measure after a
   * slide has started would lay the page out again).
   * @param {Map<string, DOMRect>} before
   */
  slide(before) {
    if (reducedMotion()) return;
    /** @type {[HTMLElement, number, number][]} */
    const moved = [];
    for (const [code, rect] of before) {
      const node = this.faces.get(code);
      if (!node || !node.isConnected) continue;
      const now = node.getBoundingClientRect();
      const dx = rect.left - now.left;
      const dy = rect.top - now.top;
      if (Math.abs(dx) >= 1 || Math.abs(dy) >= 1) moved.push([node, dx, dy]);
    }
    for (const [node, dx, dy] of moved) {
      node.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], {
        duration: MOVE_MS,
        easing: "ease-out",
      });
    }
  }

  /**
   * Where a card is now.
   * @param {string} code
   * @returns {{column: number, index: number} | {foundation: number} | null}
   */
  locate(code) {
    const state = this.state;
    if (!state) return null;
    for (let column = 0; column < state.columns.length; column += 1) {
      const index = state.columns[column].cards.indexOf(code);
      if (index >= 0) return { column, index };
    }
    const foundation = state.foundations.findIndex((f) => f.top === code);
    return foundation >= 0 ? { foundation } : null;
  }

  /**
   * The cards that move when *code* is picked up: it and every card on it.
   * @param {string} code
   * @returns {string[]} empty when the card cannot be picked up
   */
  groupOf(code) {
    const where = this.locate(code);
    if (!where || !this.state) return [];
    if ("foundation" in where) return [code];
    return this.state.columns[where.column].cards.slice(where.index);
  }

  /**
   * @param {string} code
   * @returns {boolean} whether the card is the last one of its column
   */
  isLastCard(code) {
    const where = this.locate(code);
    return !!where && "column" in where && this.state?.columns[where.column].cards.length === where.index + 1;
  }

  /**
   * The slot element a target names: a column, or the foundation of *card*'s suit.
   * @param {string} target "1"…"7" or "F"
   * @param {string} card
   * @returns {HTMLElement}
   */
  slotOf(target, card) {
    if (target === "F") return this.foundationSlots[SUITS.indexOf(/** @type {any} */ (parseCard(card).suit))];
    return this.columnSlots[Number(target) - 1];
  }

  /**
   * Mark where *card* may go (placement help).
   * @param {string} card
   * @param {string[]} targets
   */
  showTargets(card, targets) {
    for (const target of targets) this.slotOf(target, card).classList.add("allowed");
  }

  /**
   * Mark the one place a drag would drop on now (null: none).
   * @param {string | null} target
   * @param {string} card
   */
  markOver(target, card) {
    const slot = target ? this.slotOf(target, card) : null;
    for (const node of this.root.querySelectorAll(".over")) if (node !== slot) node.classList.remove("over");
    slot?.classList.add("over");
  }

  /** Remove every placement and hint mark. */
  clearMarks() {
    for (const node of this.root.querySelectorAll(".allowed, .hinted, .over")) node.classList.remove("allowed", "hinted", "over");
  }

  /**
   * Highlight a hinted move: its card and its target.
   * @param {string} card
   * @param {string} target
   */
  showHint(card, target) {
    this.clearMarks();
    this.face(card).classList.add("hinted");
    this.slotOf(target, card).classList.add("hinted");
  }
}
