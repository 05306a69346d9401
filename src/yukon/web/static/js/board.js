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
 * each card inside its named group.
 */
import { SUITS, SUIT_SYMBOLS, makeBackElement, makeCardElement, parseCard, showInSight } from "./cards.js";
import { GAME_SPREAD, columnTops, fitBoard, indexSize } from "./layout.js";
import { afterFrame, inFrameOfItsOwn } from "./later.js";
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
 * @property {(code: string) => string} card          a face-up card: "7 of hearts", "A, ace of hearts"
 * @property {() => string} faceDown                  a face-down card
 */

const MOVE_MS = 160;
/**
 * Paint order: a foundation's cards under every column's, a column's over the
 * columns left of it (as the page's order would have it), picked-up cards over all.
 */
const COLUMN_Z = 100;
const LIFTED_Z = 10000;
/**
 * Held cards are drawn this much larger, as if lifted towards the player. The
 * scale is part of their transform, after the drag's offset: as the `scale`
 * property it came before the offset in the transform, which it then grew as
 * well, so that the cards ran ahead of the pointer by a twentieth of the way
 * and jumped back by as much when let go.
 */
const LIFT_SCALE = "scale(1.05)";
/** Each board's own prefix for its cards' ids (the game's, the Examples' and Watch's boards share the page). */
let boards = 0;
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
 * @param {HTMLElement} node
 * @param {"translate" | "zIndex" | "height"} property
 * @param {string} value
 */
function setStyle(node, property, value) {
  if (node.style[property] !== value) node.style[property] = value;
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

/**
 * @param {GameState} one
 * @param {GameState} other
 * @returns {boolean} whether both lay out the same cards: the same face-down
 *   counts and face-up cards in each column, the same foundation heights
 */
function sameBoard(one, other) {
  const columns = one.columns.every((column, index) => {
    const match = other.columns[index];
    return column.hidden === match.hidden && column.cards.join() === match.cards.join();
  });
  return columns && one.foundations.every((foundation, index) => foundation.height === other.foundations[index].height);
}

/**
 * A card's place in the layer, in pixels from the layer's top-left corner.
 * @typedef {{x: number, y: number}} Spot
 */

/**
 * Cards picked up by a drag: drawn fixed to the window (moved cards that reach
 * past the page's end would otherwise change its size, and the browser would
 * paint the whole page again at every move), each from where it was.
 * @typedef {object} Lifted
 * @property {HTMLElement[]} cards
 * @property {Spot[]} from  each card's place in the window when picked up
 * @property {Spot} moved   how far the drag has moved them
 */

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
    /** @type {HTMLElement[]} face-down cards not on the board now, kept for reuse */
    this.backs = [];
    this.backCount = 0;
    this.prefix = `board${(boards += 1)}-`;
    /** The cards each column (bottom first) and each foundation draws now. */
    this.placed = {
      /** @type {HTMLElement[][]} */ columns: [],
      /** @type {HTMLElement[][]} */ foundations: [],
    };
    /** @type {Map<HTMLElement, Spot>} where each card on the board lies in the layer */
    this.spots = new Map();
    /** @type {Lifted | null} */
    this.lifted = null;
    /** @type {{key: string, columns: Spot[], foundations: Spot[]} | null} the slots' corners as last measured, and for what size */
    this.measured = null;
    /** @type {Map<HTMLElement, Animation>} the cards sliding to their places now */
    this.sliding = new Map();
    /** @type {Map<HTMLElement, number>} each card's paint order in the layer */
    this.depths = new Map();
    /**
     * @type {Map<number, string>} the columns whose squeezed run the player
     * opened, each at the card touched or focused there: its strips lie round it
     */
    this.opened = new Map();
    /**
     * @type {Set<HTMLElement>} cards let go by a drag that slide to their places
     * still fixed to the window, each on the layer it had while dragged: the
     * drop neither lays them out nor paints them again in the middle of the
     * slide; they take their places in the layer when it ends (land)
     */
    this.landing = new Set();
    /** @type {Map<HTMLElement, Spot>} where each sliding card is going */
    this.goals = new Map();
    /**
     * Whether a drawing is spread over frames (the game's board, later.js): the
     * first starts the cards' slides, the next turns up the cards the move
     * uncovered, and the names of the places for screen readers follow.
     */
    this.stepwise = false;
    /** Counts the drawings, so that a step left over from an older one is dropped. */
    this.drawings = 0;
    this.layer = div("cards");
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
    /** @type {Set<() => void>} called whenever the cards have been placed (a drawing, a resize) */
    this.laidOut = new Set();
    const top = div("top-row");
    top.append(this.info, ...this.foundationSlots);
    const tableau = div("tableau");
    tableau.append(...this.columnSlots);
    root.replaceChildren(top, tableau, this.layer);
    for (const event of ["focusin", "focusout"]) root.addEventListener(event, () => this.markFocus());
    // A squeezed run opens where it is clicked or touched (drag.js picks no card up from it),
    // and where the keyboard's focus goes: the focus is seen, and the card's index read.
    for (const event of ["click", "focusin"]) {
      root.addEventListener(event, (event) => {
        const card = /** @type {HTMLElement} */ (event.target).closest(".card.squeezed");
        if (card instanceof HTMLElement && card.dataset.card) this.open(card.dataset.card);
      });
    }
    /** @type {Metrics} */
    this.metrics = fitBoard(Math.max(1, root.clientWidth), Math.max(200, this.room()), [], 0, spread);
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
    const backs = new Set([...this.backs, ...this.root.querySelectorAll(".card.back")]);
    for (const node of backs) node.setAttribute("aria-label", labels.faceDown());
  }

  /**
   * Name each column and foundation with what it holds ("Column 3, 7 cards, 2
   * face down") and give it its cards, in order, for assistive technology.
   */
  nameSlots() {
    const labels = this.labels;
    const state = this.state;
    this.columnSlots.forEach((slot, index) => {
      const column = state?.columns[index];
      const parts = [labels.column(index + 1)];
      if (column) parts.push(labels.cards(column.hidden + column.cards.length));
      if (column?.hidden) parts.push(labels.faceDownCount(column.hidden));
      slot.setAttribute("aria-label", parts.join(", "));
      setAttribute(slot, "aria-owns", ids(this.placed.columns[index]));
    });
    this.foundationSlots.forEach((slot, index) => {
      const parts = [labels.foundation(slot.dataset.suit ?? "")];
      if (state) parts.push(labels.cards(state.foundations[index].height));
      slot.setAttribute("aria-label", parts.join(", "));
      setAttribute(slot, "aria-owns", ids(this.placed.foundations[index]));
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
      node.id = this.prefix + code;
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
    while (this.backs.length < count) {
      const node = makeBackElement(this.labels.faceDown());
      this.backCount += 1;
      node.id = `${this.prefix}back-${this.backCount}`;
      this.backs.push(node);
    }
    return this.backs.splice(0, count);
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
    const turned = this.turnedBy(state);
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
    const origin = this.lifted || this.sliding.size ? this.layer.getBoundingClientRect() : null;
    const before = this.drawnSpots(origin);
    const room = this.measure();
    const turned = this.turnedBy(state);
    this.releaseDrag();
    for (const [column] of this.opened) {
      if (state.columns[column].cards.join() !== this.state?.columns[column].cards.join()) this.opened.delete(column);
    }
    this.state = state;
    this.placed.columns = state.columns.map((column, index) => this.fillColumn(index, column));
    this.placed.foundations = state.foundations.map((foundation, index) => this.fillFoundation(index, foundation));
    this.fillLayer();
    if (naming === "now") this.nameSlots();
    else if (naming === "later") afterFrame(() => this.nameSlots());
    this.layout(room, true);
    this.slide(before, origin);
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
    const where = card ? this.locate(card) : null;
    const slot = !where ? null : "foundation" in where ? this.foundationSlots[where.foundation] : this.columnSlots[where.column];
    for (const node of [...this.columnSlots, ...this.foundationSlots]) node.classList.toggle("holding-focus", node === slot);
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
   * The cards of column *index*: its face-down cards (those it had, then spare
   * ones), then its face-up cards.
   * @param {number} index
   * @param {Column} column
   * @returns {HTMLElement[]}
   */
  fillColumn(index, column) {
    const current = (this.placed.columns[index] ?? []).filter((node) => node.classList.contains("back"));
    const backs = current.slice(0, column.hidden);
    this.backs.push(...current.slice(column.hidden));
    backs.push(...this.takeBacks(column.hidden - backs.length));
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
      shown.push(this.face(`${"A23456789TJQK"[rank - 1]}${foundation.suit}`));
    }
    // The card under the top one only shows when the top is dragged away (access.css).
    for (const node of shown) node.classList.toggle("under", node !== shown[shown.length - 1]);
    this.foundationSlots[index].classList.toggle("filled", shown.length > 0);
    return shown;
  }

  /**
   * Give the layer exactly the cards placed: only the cards that come onto the
   * board (a card turned up, a foundation's next card) are put in, and only
   * those that leave it are taken out; every other card stays where it is.
   */
  fillLayer() {
    const wanted = new Set([...this.placed.columns.flat(), ...this.placed.foundations.flat()]);
    for (const node of /** @type {HTMLElement[]} */ ([...this.layer.children])) {
      if (wanted.has(node)) continue;
      node.remove();
      this.spots.delete(node);
    }
    const coming = [...wanted].filter((node) => node.parentElement !== this.layer);
    if (coming.length) this.layer.append(...coming);
  }

  /** @returns {Room} the room the board has now (a read of the page's layout) */
  measure() {
    return { width: this.root.clientWidth, height: this.room(), reserve: this.reserve() };
  }

  /**
   * Size the cards to the room and place every card of every column and
   * foundation. The slots are measured once, after the last change to their
   * size: the cards' places change no layout, so no second layout follows.
   * @param {Room} room the room measured before the page was changed (by default, now)
   * @param {boolean} [again] whether the slots are where the last measure found
   *   them unless the cards' size changed (a drawing of a new state: a column's
   *   height moves no slot), so that they need not be measured again
   */
  layout(room = this.measure(), again = false) {
    // A hidden board (a page is shown) has no size to fit; it is laid out when shown.
    if (!room.width) return;
    const metrics = fitBoard(room.width, Math.max(200, room.height), this.state?.columns ?? [], room.reserve, this.spread);
    this.metrics = metrics;
    this.root.classList.toggle("side", metrics.side);
    const style = this.root.style;
    style.setProperty("--card-w", `${metrics.width}px`);
    style.setProperty("--card-h", `${metrics.height}px`);
    style.setProperty("--gap", `${metrics.gap}px`);
    style.setProperty("--column-gap", `${metrics.columnGap}px`);
    style.setProperty("--index", `${indexSize(metrics.width)}px`);
    const columns = this.placed.columns.map((cards, index) => {
      const down = cards.filter((node) => node.classList.contains("back")).length;
      const open = cards.findIndex((node) => node.dataset.card === this.opened.get(index));
      const tops = columnTops(down, cards.length - down, metrics, open < 0 ? -1 : open - down);
      setStyle(this.columnSlots[index], "height", `${tops.height}px`);
      return tops;
    });
    const corners = this.corners(room, metrics, again);
    const size = { width: metrics.width, height: metrics.height, index: indexSize(metrics.width) };
    this.placed.columns.forEach((cards, column) => {
      const at = corners.columns[column];
      const { offsets, squeezed } = columns[column];
      cards.forEach((node, index) => {
        this.place(node, { x: at.x, y: at.y + offsets[index] }, COLUMN_Z * (column + 1) + index);
        // Parts of a card that the next card covers are not drawn (access.css, showInSight).
        node.classList.toggle("covered", index < cards.length - 1);
        node.classList.toggle("squeezed", squeezed[index]);
        if (node.dataset.card) showInSight(node, index < cards.length - 1 ? offsets[index + 1] - offsets[index] : Infinity, size);
      });
    });
    this.placed.foundations.forEach((cards, index) => {
      const at = corners.foundations[index];
      cards.forEach((node, order) => {
        this.place(node, at, order + 1);
        showInSight(node, Infinity, size);
      });
    });
    for (const listener of this.laidOut) listener();
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
    const origin = this.layer.getBoundingClientRect();
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
    this.measured = { key, columns: this.columnSlots.map(corner), foundations: this.foundationSlots.map(corner) };
    return this.measured;
  }

  /**
   * @param {HTMLElement} node
   * @param {Spot} spot
   * @param {number} z its paint order
   */
  place(node, spot, z) {
    const now = this.spots.get(node);
    if (now && now.x === spot.x && now.y === spot.y) return;
    this.spots.set(node, spot);
    this.depths.set(node, z);
    // A card held by a drag is drawn where the drag has it; it takes its place
    // when let go, or (sliding there) when its slide ends.
    if (this.lifted?.cards.includes(node) || this.landing.has(node)) return;
    setStyle(node, "translate", `${spot.x}px ${spot.y}px`);
    setStyle(node, "zIndex", String(z));
  }

  /**
   * Pick up *card* and the cards on it for a drag: they are drawn fixed to the
   * window, over everything, where they were; `drag` then moves them. Nothing
   * leaves its place in the page, so the pick-up restyles the picked cards
   * alone and lays nothing out but them.
   * @param {string} card
   * @returns {{left: number, top: number, right: number, bottom: number}} where *card* is in the window
   */
  lift(card) {
    const group = this.groupOf(card).map((code) => this.face(code));
    // A card still sliding to its place is taken from that place: it is drawn under the pointer.
    for (const node of group) {
      this.stopSliding(node);
      this.landing.delete(node);
    }
    const box = this.layer.getBoundingClientRect();
    const from = group.map((node) => {
      const spot = this.spots.get(node) ?? { x: 0, y: 0 };
      return { x: box.left + spot.x, y: box.top + spot.y };
    });
    group.forEach((node, index) => {
      node.classList.add("dragging");
      node.style.zIndex = String(LIFTED_Z + index);
      node.style.translate = `${from[index].x}px ${from[index].y}px`;
    });
    group[0].classList.add("held");
    this.lifted = { cards: group, from, moved: { x: 0, y: 0 } };
    this.drag(0, 0); // grown where they lie
    const { width, height } = this.metrics;
    return { left: from[0].x, top: from[0].y, right: from[0].x + width, bottom: from[0].y + height };
  }

  /**
   * The card the held cards lay on shows whole again, as does an emptied
   * foundation's mark (the drawing after the drop covers them again). Done a
   * frame after the lift (drag.js), which has enough to draw.
   */
  uncoverHeld() {
    const node = this.lifted?.cards[0];
    if (!node) return;
    for (const cards of this.placed.columns) {
      const index = cards.indexOf(node);
      if (index <= 0) continue;
      const under = cards[index - 1];
      under.classList.remove("covered", "squeezed");
      if (under.dataset.card) showInSight(under, Infinity, { ...this.metrics, index: indexSize(this.metrics.width) });
    }
    this.placed.foundations.forEach((cards, index) => {
      if (cards[cards.length - 1] !== node) return;
      if (cards.length > 1) cards[0].classList.remove("under");
      else this.foundationSlots[index].classList.remove("filled");
    });
  }

  /**
   * Move the cards a drag holds *dx*, *dy* from where they were picked up:
   * each one's transform changes (its place from the pick-up, `translate`,
   * stays), which the compositor draws. A change of `transform` alone on a
   * card on its own layer is sent to the compositor directly, where a change
   * of `translate` had each move lay out the page's layers again (traced at 4x:
   * long frames of a drag 12 → 7).
   * @param {number} dx
   * @param {number} dy
   */
  drag(dx, dy) {
    const lifted = this.lifted;
    if (!lifted) return;
    lifted.moved = { x: dx, y: dy };
    const offset = `translate(${dx}px, ${dy}px) ${LIFT_SCALE}`;
    for (const node of lifted.cards) node.style.transform = offset;
  }

  /** @returns {boolean} whether cards are held by a drag (a drawing puts them back in their places) */
  holding() {
    return this.lifted !== null;
  }

  /**
   * Undo what a drag did: the held cards are let go, to be placed again, and
   * the places it marked are marked no more. The cards stay fixed to the
   * window on their layers (landing) until their slides end.
   */
  releaseDrag() {
    const lifted = this.lifted;
    if (!lifted) return;
    this.lifted = null;
    // The drag's marks go as its cards slide, not on the release: a change to
    // the page there would be restyled in the release's own task (the click's
    // hit test asks for it), before the request for the move is even sent.
    this.clearMarks(["allowed", "over"]);
    // Set down as their slides start, in this drawing (slide(), land()): their transforms lose the lift's scale.
    for (const node of lifted.cards) {
      this.landing.add(node);
      this.spots.delete(node);
    }
  }

  /**
   * A card let go by a drag takes its place in the layer, its slide over.
   * @param {HTMLElement} node
   */
  land(node) {
    if (!this.landing.delete(node)) return;
    node.classList.remove("dragging", "held");
    node.style.transform = "";
    const spot = this.spots.get(node);
    if (!spot) return;
    setStyle(node, "translate", `${spot.x}px ${spot.y}px`);
    setStyle(node, "zIndex", String(this.depths.get(node) ?? 0));
  }

  /**
   * Where every face-up card is drawn now, in the layer: its place, or where
   * a drag holds it, or where its slide has it now.
   * @param {DOMRect | null} box the layer's box in the window (needed while cards are held or sliding)
   * @returns {Map<HTMLElement, Spot>}
   */
  drawnSpots(box) {
    /** @type {Map<HTMLElement, Spot>} */
    const spots = new Map();
    const lifted = this.lifted;
    for (const [node, spot] of this.spots) {
      if (!node.classList.contains("face")) continue;
      const held = lifted ? lifted.cards.indexOf(node) : -1;
      if (lifted && box && held >= 0) {
        spots.set(node, { x: lifted.from[held].x + lifted.moved.x - box.left, y: lifted.from[held].y + lifted.moved.y - box.top });
      } else if (box && this.sliding.has(node)) {
        const rect = node.getBoundingClientRect();
        spots.set(node, { x: rect.left - box.left, y: rect.top - box.top });
      } else spots.set(node, spot);
    }
    return spots;
  }

  /**
   * Slide every card that moved from where it was drawn before to its place.
   * A card let go by a drag slides to where its place is in the window, on
   * its own layer still, and lands when the slide ends; one that does not
   * slide lands at once.
   * @param {Map<HTMLElement, Spot>} before
   * @param {DOMRect | null} origin the layer's box in the window, read before the drawing
   */
  slide(before, origin) {
    for (const [node, from] of reducedMotion() ? [] : before) {
      const to = this.spots.get(node);
      if (!to) continue;
      const goal = this.goals.get(node);
      // A card on its way to its place already goes on as it was going.
      if (goal && goal.x === to.x && goal.y === to.y) continue;
      this.stopSliding(node);
      const dx = from.x - to.x;
      const dy = from.y - to.y;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      if (this.landing.has(node)) {
        if (!origin) continue;
        setStyle(node, "translate", `${origin.left + to.x}px ${origin.top + to.y}px`);
        node.style.transform = "";
      }
      const animation = node.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], {
        duration: MOVE_MS,
        easing: "ease-out",
      });
      this.sliding.set(node, animation);
      this.goals.set(node, to);
      const done = () => {
        if (this.sliding.get(node) !== animation) return;
        this.sliding.delete(node);
        this.goals.delete(node);
        this.land(node);
      };
      animation.addEventListener("finish", done);
      animation.addEventListener("cancel", done);
    }
    for (const node of this.landing) if (!this.sliding.has(node)) this.land(node);
  }

  /**
   * Stop *node*'s slide, if it slides: it is drawn at its place at once.
   * @param {HTMLElement} node
   */
  stopSliding(node) {
    const slide = this.sliding.get(node);
    this.sliding.delete(node);
    this.goals.delete(node);
    slide?.cancel();
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
   * Open the squeezed run of *code*'s column at *code*: the cards round it
   * show their strips, and others of the column are squeezed instead.
   * @param {string} code
   */
  open(code) {
    const where = this.locate(code);
    if (!where || !("column" in where) || !this.face(code).classList.contains("squeezed")) return;
    this.opened.set(where.column, code);
    this.layout();
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
