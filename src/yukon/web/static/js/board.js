// @ts-check
//# allFunctionsCalledOnLoad
/**
 * The board view: draws a game state (foundations, seven columns) and lays the
 * cards out so that the tallest column fits the window. It knows nothing of the
 * rules; it shows what the server sent and where the server said cards may go.
 *
 * Every card lies in one layer over the board, placed by an offset (the CSS
 * translate property), never inside its column: a move or a pick-up changes
 * where a card is drawn, not where it is in the page, so the browser neither
 * restyles nor lays out its insides again (re-parenting a group made the
 * longest frames of a pick-up and of a drop). The columns and foundations own
 * their cards for assistive technology (aria-owns): a screen reader still meets
 * each card inside its named group. Parts: the layer of cards (layer.js), the
 * named places (slots.js), the layout (placing.js), where cards lie (state.js).
 */
import { cardCode } from "./cards.js";
import { CardLayer, MOVE_MS } from "./layer.js";
import { GAME_SPREAD, fitBoard } from "./layout.js";
import { afterFrame, inFrameOfItsOwn } from "./later.js";
import { reducedMotion } from "./motion.js";
import { BoardLayout } from "./placing.js";
import { BoardSlots } from "./slots.js";
import { groupOf, isLastCard, locate, sameBoard, turnedUp } from "./state.js";

/** @typedef {import("./api.js").GameState} GameState */
/** @typedef {import("./api.js").Column} Column */
/** @typedef {import("./api.js").Foundation} Foundation */
/** @typedef {import("./layout.js").Metrics} Metrics */
/** @typedef {import("./layer.js").Spot} Spot */
/** @typedef {import("./placing.js").Room} Room */

/**
 * The accessible names of the board's parts, in the current language.
 * @typedef {object} Labels
 * @property {(number: number) => string} column      a column, numbered from 1
 * @property {(suit: string) => string} foundation    a foundation, by suit letter
 * @property {(count: number) => string} cards       how many cards a column or foundation holds
 * @property {(count: number) => string} faceDownCount how many of a column's cards are face down
 * @property {(code: string) => string} card          a face-up card: "7 of hearts", "A, ace of hearts"
 * @property {() => string} faceDown                  a face-down card
 */

/** Each board's own prefix for its cards' ids (the game's, the Examples' and Watch's boards share the page). */
let boards = 0;
/** A card turning over: it opens from its edge, as a card flipped on the table. */
const FLIP = [{ transform: "perspective(600px) rotateY(90deg)" }, { transform: "none" }];

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
    this.room = room ?? (() => window.innerHeight - this.root.getBoundingClientRect().top - 8);
    /** The height at the bottom of the room that a notice covers: the columns end above it. */
    this.reserve = () => 0;
    /** @type {GameState | null} */
    this.state = null;
    this.cardLayer = new CardLayer(`board${(boards += 1)}-`, labels);
    this.layer = this.cardLayer.node;
    /** Each card's one element, by its code. */
    this.faces = this.cardLayer.faces;
    /** Where each card on the board lies in the layer. */
    this.spots = this.cardLayer.spots;
    /** The cards each column (bottom first) and each foundation draws now. */
    this.placed = {
      /** @type {HTMLElement[][]} */ columns: [],
      /** @type {HTMLElement[][]} */ foundations: [],
    };
    /**
     * Whether a drawing is spread over frames (the game's board, later.js): the
     * first starts the cards' slides, the next turns up the cards the move
     * uncovered, and the names of the places for screen readers follow.
     */
    this.stepwise = false;
    /** Counts the drawings, so that a step left over from an older one is dropped. */
    this.drawings = 0;
    this.slots = new BoardSlots();
    this.info = this.slots.info;
    this.foundationSlots = this.slots.foundations;
    this.columnSlots = this.slots.columns;
    /** @type {Set<(focused: Element | null) => void>} called after each drawing, with what had focus in the board */
    this.drawn = new Set();
    /** @type {Set<() => void>} called whenever the cards have been placed (a drawing, a resize) */
    this.laidOut = new Set();
    root.replaceChildren(this.slots.top, this.slots.tableau, this.layer);
    for (const event of ["focusin", "focusout"]) root.addEventListener(event, () => this.markFocus());
    // A squeezed run opens where it is clicked or touched (drag.js picks no card up from it),
    // and where the keyboard's focus goes: the focus is seen, and the card's index read.
    for (const event of ["click", "focusin"]) {
      root.addEventListener(event, (event) => {
        const card = /** @type {HTMLElement} */ (event.target).closest(".card.squeezed");
        if (card instanceof HTMLElement && card.dataset.card) this.open(card.dataset.card);
      });
    }
    const metrics = fitBoard(Math.max(1, root.clientWidth), Math.max(200, this.room()), [], 0, spread);
    this.placing = new BoardLayout(root, this.slots, this.cardLayer, spread, metrics);
    // Sized at once: a board still at its style sheet's default size is wider than a phone.
    this.layout();
    // The info's words may change its height, and with it where the foundations
    // or the columns lie: the cards, in a layer of their own, follow.
    new ResizeObserver(() => this.layout()).observe(this.info);
    this.applyLabels();
  }

  /** Name the slots and cards for screen readers, in the current language. */
  applyLabels() {
    const labels = this.labels;
    this.nameSlots();
    for (const [code, node] of this.faces) node.setAttribute("aria-label", labels.card(code));
    const backs = new Set([...this.cardLayer.backs, ...this.root.querySelectorAll(".card.back")]);
    for (const node of backs) node.setAttribute("aria-label", labels.faceDown());
  }

  /** Name each column and foundation with what it holds, and give it its cards (slots.js). */
  nameSlots() {
    this.slots.name(this.labels, this.state, this.placed);
  }

  /**
   * @param {string} code
   * @returns {HTMLElement} the one element that draws this card
   */
  face(code) {
    return this.cardLayer.face(code);
  }

  /**
   * Draw *state*; cards that moved slide to their new place. The page's layout
   * is read before any change, and the slots again only when the cards' size
   * changed (then after the last change that moves a column or a foundation);
   * everything else is arithmetic on the places kept in `spots`, and the page
   * is laid out once, when the frame is drawn.
   * @param {GameState} state
   */
  render(state) {
    this.drawings += 1;
    const shown = this.state;
    const turned = turnedUp(this.state, state);
    if (!this.stepwise || !shown || !turned.length || reducedMotion()) {
      this.draw(state, this.stepwise ? "later" : "now");
      return;
    }
    // The cards slide first, each uncovered card still face down; it turns up
    // in the next frame, so that no frame both starts slides and draws a new card.
    const drawing = this.drawings;
    const first = state.columns.map((column, index) =>
      turned.includes(column.cards[0]) ? { ...column, hidden: shown.columns[index].hidden, cards: column.cards.slice(1) } : column,
    );
    if (sameBoard(shown, { ...state, columns: first })) {
      // The cards are where the first step would put them (the move was drawn
      // before its answer came, controller.js foresee): only the cards turn.
      this.draw(state, "later");
      return;
    }
    this.draw({ ...state, columns: first }, "none");
    inFrameOfItsOwn(() => {
      if (drawing === this.drawings) this.draw(state, "later");
    });
  }

  /**
   * @param {GameState} state
   * @param {"now" | "later" | "none"} naming when to name the places for
   *   screen readers: now, once the frame is drawn, or not (the next drawing does)
   */
  draw(state, naming) {
    const active = document.activeElement;
    const focused = active && active !== this.root && this.root.contains(active) ? active : null;
    // The layer's corner in the window, while cards are held or sliding: read before any change.
    const origin = this.cardLayer.origin();
    const before = this.cardLayer.drawnSpots(origin);
    const room = this.measure();
    const turned = turnedUp(this.state, state);
    this.releaseDrag();
    const opened = this.placing.opened;
    for (const [column] of opened) {
      if (state.columns[column].cards.join() !== this.state?.columns[column].cards.join()) opened.delete(column);
    }
    this.state = state;
    this.placed.columns = state.columns.map((column, index) => this.fillColumn(index, column));
    this.placed.foundations = state.foundations.map((foundation, index) => this.fillFoundation(index, foundation));
    this.cardLayer.fill(new Set([...this.placed.columns.flat(), ...this.placed.foundations.flat()]));
    if (naming === "now") this.nameSlots();
    else if (naming === "later") afterFrame(() => this.nameSlots());
    this.layout(room, true);
    this.cardLayer.slide(before, origin);
    for (const listener of this.drawn) listener(focused);
    this.markFocus();
    if (!reducedMotion()) for (const code of turned) this.face(code).animate(FLIP, { duration: MOVE_MS, easing: "ease-out" });
  }

  /**
   * Mark the place that holds the card with the keyboard's focus ring, which
   * the place's own marks then keep clear of (access.css): the card lies in
   * the board's layer, not in its place.
   */
  markFocus() {
    const active = document.activeElement;
    const card = active instanceof HTMLElement && active.matches(".card.face:focus-visible") ? active.dataset.card : undefined;
    this.slots.holdFocus(card ? this.locate(card) : null);
  }

  /**
   * The cards of column *index*: its face-down cards (those it had, then spare
   * ones), then its face-up cards.
   * @param {number} index
   * @param {Column} column
   * @returns {HTMLElement[]}
   */
  fillColumn(index, column) {
    const current = (this.placed.columns[index] ?? []).filter((node) => node.classList.contains("back"));
    const backs = current.slice(0, column.hidden);
    this.cardLayer.backs.push(...current.slice(column.hidden));
    backs.push(...this.cardLayer.takeBacks(column.hidden - backs.length));
    const cards = [...backs, ...column.cards.map((code) => this.face(code))];
    this.columnSlots[index].classList.toggle("empty", cards.length === 0);
    return cards;
  }

  /**
   * A foundation shows its top card over the one below it, so that taking the
   * top back reveals the next.
   * @param {number} index
   * @param {Foundation} foundation
   * @returns {HTMLElement[]}
   */
  fillFoundation(index, foundation) {
    const shown = [];
    for (let rank = Math.max(1, foundation.height - 1); rank <= foundation.height; rank += 1) {
      shown.push(this.face(cardCode(rank, foundation.suit)));
    }
    // The card under the top one only shows when the top is dragged away (access.css).
    for (const node of shown) node.classList.toggle("under", node !== shown[shown.length - 1]);
    this.foundationSlots[index].classList.toggle("filled", shown.length > 0);
    return shown;
  }

  /** @returns {Room} the room the board has now (a read of the page's layout) */
  measure() {
    return { width: this.root.clientWidth, height: this.room(), reserve: this.reserve() };
  }

  /**
   * Size the cards to the room and place every card of every column and
   * foundation (placing.js).
   * @param {Room} room the room measured before the page was changed (by default, now)
   * @param {boolean} [again] whether the slots are where the last measure found
   *   them unless the cards' size changed, so that they need not be measured again
   */
  layout(room = this.measure(), again = false) {
    // A hidden board (a page is shown) has no size to fit; it is laid out when shown.
    if (!room.width) return;
    this.placing.place(room, this.state?.columns ?? [], this.placed, again);
    for (const listener of this.laidOut) listener();
  }

  /** @returns {Metrics} the cards' size and the gaps between them, as last laid out */
  get metrics() {
    return this.placing.metrics;
  }

  /**
   * Pick up *card* and the cards on it for a drag: they are drawn fixed to the
   * window, over everything, where they were; `drag` then moves them (layer.js).
   * @param {string} card
   * @returns {{left: number, top: number, right: number, bottom: number}} where *card* is in the window
   */
  lift(card) {
    return this.cardLayer.lift(this.groupOf(card).map((code) => this.face(code)), this.metrics);
  }

  /**
   * The card the held cards lay on shows whole again, as does an emptied
   * foundation's mark (the drawing after the drop covers them again). Done a
   * frame after the lift (drag.js), which has enough to draw.
   */
  uncoverHeld() {
    const node = this.cardLayer.lifted?.cards[0];
    if (node) this.placing.uncover(node, this.placed);
  }

  /**
   * Move the cards a drag holds *dx*, *dy* from where they were picked up (layer.js).
   * @param {number} dx
   * @param {number} dy
   */
  drag(dx, dy) {
    this.cardLayer.drag(dx, dy);
  }

  /** @returns {boolean} whether cards are held by a drag (a drawing puts them back in their places) */
  holding() {
    return this.cardLayer.lifted !== null;
  }

  /**
   * Undo what a drag did: the held cards are let go, to be placed again, and
   * the places it marked are marked no more. The cards stay fixed to the
   * window on their layers (landing) until their slides end.
   */
  releaseDrag() {
    const lifted = this.cardLayer.lifted;
    if (!lifted) return;
    // The drag's marks go as its cards slide, not on the release: a change to
    // the page there would be restyled in the release's own task (the click's
    // hit test asks for it), before the request for the move is even sent.
    this.clearMarks(["allowed", "over"]);
    this.cardLayer.release(lifted);
  }

  /**
   * Where a card is now.
   * @param {string} code
   * @returns {import("./state.js").Place | null}
   */
  locate(code) {
    return locate(this.state, code);
  }

  /**
   * The cards that move when *code* is picked up: it and every card on it.
   * @param {string} code
   * @returns {string[]} empty when the card cannot be picked up
   */
  groupOf(code) {
    return groupOf(this.state, code);
  }

  /**
   * @param {string} code
   * @returns {boolean} whether the card is the last one of its column
   */
  isLastCard(code) {
    return isLastCard(this.state, code);
  }

  /**
   * Open the squeezed run of *code*'s column at *code*: the cards round it
   * show their strips, and others of the column are squeezed instead.
   * @param {string} code
   */
  open(code) {
    const where = this.locate(code);
    if (!where || !("column" in where) || !this.face(code).classList.contains("squeezed")) return;
    this.placing.opened.set(where.column, code);
    this.layout();
  }

  /**
   * The slot element a target names: a column, or the foundation of *card*'s suit.
   * @param {string} target "1"…"7" or "F"
   * @param {string} card
   * @returns {HTMLElement}
   */
  slotOf(target, card) {
    return this.slots.of(target, card);
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

  /**
   * Remove placement and hint marks: all of them, or those named.
   * @param {string[]} [marks]
   */
  clearMarks(marks = ["allowed", "hinted", "over"]) {
    for (const node of this.root.querySelectorAll(marks.map((name) => `.${name}`).join(", "))) node.classList.remove(...marks);
  }

  /**
   * Highlight a hinted move: its card and its target.
   * @param {string} card
   * @param {string} target
   */
  showHint(card, target) {
    this.clearMarks();
    this.open(card);
    this.face(card).classList.add("hinted");
    this.slotOf(target, card).classList.add("hinted");
  }
}