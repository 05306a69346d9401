// @ts-check
/**
 * Pointer input on the board: one code path (pointer events) for mouse, pen and
 * touch. A press that moves drags the card and the cards on it; a press that
 * does not is a tap, and two taps on one card in quick succession a double tap.
 */

/** @typedef {import("./board.js").BoardView} BoardView */

/**
 * @typedef {object} PointerHandlers
 * @property {(card: string) => boolean} canPick     whether the card may be picked up
 * @property {(card: string) => void} onDragStart
 * @property {(card: string, target: string | null) => void} onDrop  the board is drawn again afterwards
 * @property {(card: string) => void} onTap
 * @property {(card: string) => void} onDoubleTap
 */

/** How far a press must travel before it is a drag (a finger wobbles more than a mouse). */
const SLOP = { mouse: 5, pen: 8, touch: 10 };
const DOUBLE_TAP_MS = 400;
/** How near the first a second tap must land to make a double tap (a finger lands less exactly). */
const DOUBLE_TAP_REACH = 24;

/**
 * @typedef {object} Press
 * @property {string} card
 * @property {number} pointerId
 * @property {number} x
 * @property {number} y
 * @property {number} slop
 * @property {HTMLElement[]} group  the elements that move together
 * @property {boolean} dragging
 */

export class PointerInput {
  /**
   * @param {BoardView} board
   * @param {PointerHandlers} handlers
   */
  constructor(board, handlers) {
    this.board = board;
    this.handlers = handlers;
    /** @type {Press | null} */
    this.press = null;
    /** @type {{card: string, time: number, x: number, y: number} | null} */
    this.lastTap = null;
    /** The frame that will mark the place under the dragged cards, if one is asked for. */
    this.marking = 0;
    const root = board.root;
    root.addEventListener("pointerdown", (event) => this.down(event));
    root.addEventListener("pointermove", (event) => this.move(event));
    root.addEventListener("pointerup", (event) => this.up(event));
    root.addEventListener("pointercancel", (event) => this.cancel(event));
    // A long press must not open the context menu nor start a native drag.
    root.addEventListener("contextmenu", (event) => event.preventDefault());
    root.addEventListener("dragstart", (event) => event.preventDefault());
  }

  /** @param {PointerEvent} event */
  down(event) {
    if (this.press || !event.isPrimary || event.button !== 0) return;
    const node = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest(".card.face"));
    const card = node?.dataset.card;
    if (!card || !this.handlers.canPick(card)) return;
    event.preventDefault();
    this.board.root.setPointerCapture(event.pointerId);
    const kind = /** @type {keyof typeof SLOP} */ (event.pointerType in SLOP ? event.pointerType : "mouse");
    this.press = {
      card,
      pointerId: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      slop: SLOP[kind],
      group: this.board.groupOf(card).map((code) => this.board.face(code)),
      dragging: false,
    };
  }

  /** @param {PointerEvent} event */
  move(event) {
    const press = this.press;
    if (!press || event.pointerId !== press.pointerId) return;
    const dx = event.clientX - press.x;
    const dy = event.clientY - press.y;
    if (!press.dragging) {
      if (Math.hypot(dx, dy) < press.slop) return;
      press.dragging = true;
      press.group.forEach((node, index) => {
        node.classList.add("dragging");
        node.style.zIndex = String(100 + index);
      });
      this.handlers.onDragStart(press.card);
    }
    const transform = `translate3d(${dx}px, ${dy}px, 0)`;
    for (const node of press.group) node.style.transform = transform;
    // Once a frame at most: finding the place measures the board.
    if (!this.marking) {
      this.marking = requestAnimationFrame(() => {
        this.marking = 0;
        if (this.press?.dragging) this.board.markOver(this.board.targetUnder(this.press.group[0].getBoundingClientRect()), this.press.card);
      });
    }
  }

  /** @param {PointerEvent} event */
  up(event) {
    const press = this.press;
    if (!press || event.pointerId !== press.pointerId) return;
    this.press = null;
    if (press.dragging) {
      const target = this.board.targetUnder(press.group[0].getBoundingClientRect());
      this.handlers.onDrop(press.card, target);
      return;
    }
    this.tap(press.card, event);
  }

  /** @param {PointerEvent} event */
  cancel(event) {
    const press = this.press;
    if (!press || event.pointerId !== press.pointerId) return;
    this.press = null;
    if (press.dragging) this.handlers.onDrop(press.card, null);
  }

  /**
   * A second tap soon after the first and near it is a double tap of the first
   * tap's card, even when the first tap's move has already drawn another card
   * under the finger: a double tap is one action, never two taps' worth.
   * @param {string} card
   * @param {PointerEvent} event
   */
  tap(card, event) {
    const last = this.lastTap;
    const near = last && Math.hypot(event.clientX - last.x, event.clientY - last.y) < DOUBLE_TAP_REACH;
    if (last && near && event.timeStamp - last.time < DOUBLE_TAP_MS) {
      this.lastTap = null;
      this.handlers.onDoubleTap(last.card);
      return;
    }
    this.lastTap = { card, time: event.timeStamp, x: event.clientX, y: event.clientY };
    this.handlers.onTap(card);
  }
}
