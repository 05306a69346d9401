// @ts-check
//# allFunctionsCalledOnLoad
/**
 * Pointer input on the board: one code path (pointer events) for mouse, pen and
 * touch. A press that moves drags the card and the cards on it; a press that
 * does not is a tap, and two taps on one card in quick succession a double tap.
 *
 * A drag reads the board's layout once, when it starts: each pointer move then
 * changes the offsets of the held cards and finds the place under them by
 * arithmetic, so that a move costs the browser no layout and no paint (60
 * frames a second on a slow phone).
 */

import { afterFrame } from "./later.js";

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
/** How soon a second tap must follow the first to make a double tap. */
export const DOUBLE_TAP_MS = 400;
/** How near the first a second tap must land to make a double tap (a finger lands less exactly). */
const DOUBLE_TAP_REACH = 24;

/**
 * @typedef {object} Press
 * @property {string} card
 * @property {number} pointerId
 * @property {number} x
 * @property {number} y
 * @property {number} slop
 * @property {{x: number, y: number}} offset  how far the pointer has moved from the press, at its last move
 * @property {Drag | null} drag  set once the press has moved far enough
 */

/**
 * @typedef {object} Drag
 * @property {Place[]} places     where they may be dropped
 * @property {Rect} lead         the picked card where it was
 * @property {string | null} over the place it is over now
 * @property {boolean} marked   whether its marks are drawn (a frame after the lift)
 */

/**
 * A place cards may be dropped on, as the window shows it now.
 * @typedef {{target: string, left: number, top: number, right: number, bottom: number}} Place
 */

/** @typedef {{left: number, top: number, right: number, bottom: number}} Rect */

/**
 * Where cards may be dropped on *board*. A column's area reaches down to the
 * bottom of the board or the window, so that a drop below a short column still
 * lands on it.
 * @param {BoardView} board
 * @returns {Place[]}
 */
function placesOf(board) {
  const bottom = Math.max(window.innerHeight, board.root.getBoundingClientRect().bottom);
  return [...board.foundationSlots, ...board.columnSlots].map((slot) => {
    const box = slot.getBoundingClientRect();
    const column = slot.classList.contains("column");
    return { target: slot.dataset.target ?? "", left: box.left, top: box.top, right: box.right, bottom: column ? bottom : box.bottom };
  });
}

/**
 * The place the dragged cards overlap most, or null over none.
 * @param {Place[]} places
 * @param {Rect} rect the lead dragged card
 * @returns {string | null}
 */
function placeUnder(places, rect) {
  let best = null;
  let bestArea = 0;
  for (const place of places) {
    const width = Math.min(rect.right, place.right) - Math.max(rect.left, place.left);
    const height = Math.min(rect.bottom, place.bottom) - Math.max(rect.top, place.top);
    const area = width > 0 && height > 0 ? width * height : 0;
    if (area > bestArea) {
      bestArea = area;
      best = place.target;
    }
  }
  return best;
}

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
    const root = board.root;
    root.addEventListener("pointerdown", (event) => this.down(event));
    root.addEventListener("pointermove", (event) => this.move(event));
    root.addEventListener("pointerup", (event) => this.up(event));
    root.addEventListener("pointercancel", (event) => this.cancel(event));
    board.drawn.add(() => this.redrawn());
    // A long press must not open the context menu nor start a native drag.
    root.addEventListener("contextmenu", (event) => event.preventDefault());
    root.addEventListener("dragstart", (event) => event.preventDefault());
    // The lifted cards stay where the window shows them; the places move with a scroll.
    window.addEventListener("scroll", () => {
      if (this.press?.drag) this.press.drag.places = placesOf(board);
    });
  }

  /** @param {PointerEvent} event */
  down(event) {
    if (this.press || !event.isPrimary || event.button !== 0) return;
    const node = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest(".card.face"));
    const card = node?.dataset.card;
    if (!card || !this.handlers.canPick(card)) return;
    // A press on a squeezed run opens it (board.js): the cards are picked up from their strips.
    event.preventDefault();
    if (node?.classList.contains("squeezed")) return;
    this.board.root.setPointerCapture(event.pointerId);
    const kind = /** @type {keyof typeof SLOP} */ (event.pointerType in SLOP ? event.pointerType : "mouse");
    this.press = {
      card,
      pointerId: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      slop: SLOP[kind],
      offset: { x: 0, y: 0 },
      drag: null,
    };
  }

  /** @param {PointerEvent} event */
  move(event) {
    const press = this.press;
    if (!press || event.pointerId !== press.pointerId) return;
    press.offset = { x: event.clientX - press.x, y: event.clientY - press.y };
    if (!press.drag) {
      if (Math.hypot(press.offset.x, press.offset.y) < press.slop) return;
      press.drag = this.start(press.card);
    } else if (!this.board.holding()) {
      return; // put back by a drawing that left the card where it cannot be picked up (redrawn)
    }
    this.follow(press, press.drag);
  }

  /**
   * Draw the held cards where the pointer has them, and mark the place under them.
   * @param {Press} press
   * @param {Drag} drag
   */
  follow(press, drag) {
    const { x, y } = press.offset;
    this.board.drag(x, y);
    const over = placeUnder(drag.places, moved(drag.lead, x, y));
    if (over !== drag.over) {
      drag.over = over;
      if (drag.marked) this.board.markOver(over, press.card);
    }
  }

  /**
   * The board was drawn anew while cards are held (the answer to an earlier
   * move came, or a move drawn before its answer): the drawing put them back
   * in their places, so they are picked up again from there at once, and drawn
   * under the pointer in the same frame rather than sliding home until the
   * pointer moves.
   */
  redrawn() {
    const press = this.press;
    if (!press?.drag || this.board.holding() || !this.handlers.canPick(press.card)) return;
    press.drag = this.start(press.card, press.drag.marked);
    this.follow(press, press.drag);
  }

  /**
   * Lift the card and the cards on it, having read what the drag needs of the
   * layout first (a read after the lift would lay the page out again). The
   * marks (the card uncovered, the places the cards may go, the place under
   * them) follow in the next frame: in the lift's own frame, restyling and
   * painting them made a frame of the pick-up run long at 4x CPU throttling
   * in 44 of 60 pick-ups (bench/browser.py --pickups), and in 23 of 60 with
   * them a frame later. Cards picked up again after a drawing are marked at
   * once: a frame without the marks would show them blink.
   * @param {string} card
   * @param {boolean} [again] whether the cards were held before the drawing
   * @returns {Drag}
   */
  start(card, again = false) {
    const places = placesOf(this.board);
    const lead = this.board.lift(card);
    /** @type {Drag} */
    const drag = { places, lead, over: null, marked: false };
    if (again) this.mark(drag, card);
    else {
      afterFrame(() => {
        // Let go meanwhile (the drop's drawing has put the cards back): nothing to mark.
        if (this.press?.drag === drag && this.board.holding()) this.mark(drag, card);
      });
    }
    return drag;
  }

  /**
   * Mark what a drag shows: the card it uncovered, the places the cards may
   * go and the place under them.
   * @param {Drag} drag
   * @param {string} card
   */
  mark(drag, card) {
    drag.marked = true;
    this.board.uncoverHeld();
    this.handlers.onDragStart(card);
    this.board.markOver(drag.over, card);
  }

  /** @param {PointerEvent} event */
  up(event) {
    const press = this.press;
    if (!press || event.pointerId !== press.pointerId) return;
    this.press = null;
    if (press.drag) {
      const target = placeUnder(press.drag.places, moved(press.drag.lead, event.clientX - press.x, event.clientY - press.y));
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
    if (press.drag) this.handlers.onDrop(press.card, null);
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

/**
 * @param {Rect} rect
 * @param {number} dx
 * @param {number} dy
 * @returns {Rect} *rect* moved by dx, dy
 */
function moved(rect, dx, dy) {
  return { left: rect.left + dx, top: rect.top + dy, right: rect.right + dx, bottom: rect.bottom + dy };
}
