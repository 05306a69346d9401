// @ts-check
//# allFunctionsCalledOnLoad
/**
 * The layer of cards over the board: one element draws each card, placed by
 * an offset (the CSS translate property), never inside its column. Cards a
 * drag picks up are drawn fixed to the window and moved by their transform;
 * cards that moved slide to their new places. Where those places are is the
 * layout's to say (placing.js): the layer draws the cards there, held or sliding.
 */
import { makeBackElement, makeCardElement } from "./cards.js";
import { reducedMotion } from "./motion.js";

/** How long a card takes to slide to its place, or to turn over. */
export const MOVE_MS = 160;
/** Paint order: picked-up cards over all (placing.js orders the others). */
const LIFTED_Z = 10000;
/**
 * Held cards are drawn this much larger, as if lifted towards the player. The
 * scale is part of their transform, after the drag's offset: as the `scale`
 * property it came before the offset in the transform, which it then grew as
 * well, so that the cards ran ahead of the pointer by a twentieth of the way
 * and jumped back by as much when let go.
 */
const LIFT_SCALE = "scale(1.05)";

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

/**
 * @param {HTMLElement} node
 * @param {"translate" | "zIndex" | "height"} property
 * @param {string} value
 */
export function setStyle(node, property, value) {
  if (node.style[property] !== value) node.style[property] = value;
}

export class CardLayer {
  /**
   * @param {string} prefix the board's own prefix for its cards' ids
   * @param {Pick<import("./board.js").Labels, "card" | "faceDown">} labels the cards' accessible names
   */
  constructor(prefix, labels) {
    this.prefix = prefix;
    this.labels = labels;
    this.node = document.createElement("div");
    this.node.className = "cards";
    /** @type {Map<string, HTMLElement>} */
    this.faces = new Map();
    /** @type {HTMLElement[]} face-down cards not on the board now, kept for reuse */
    this.backs = [];
    this.backCount = 0;
    /** @type {Map<HTMLElement, Spot>} where each card on the board lies in the layer */
    this.spots = new Map();
    /** @type {Map<HTMLElement, number>} each card's paint order in the layer */
    this.depths = new Map();
    /** @type {Lifted | null} */
    this.lifted = null;
    /** @type {Map<HTMLElement, Animation>} the cards sliding to their places now */
    this.sliding = new Map();
    /**
     * @type {Set<HTMLElement>} cards let go by a drag that slide to their places
     * still fixed to the window, each on the layer it had while dragged: the
     * drop neither lays them out nor paints them again in the middle of the
     * slide; they take their places in the layer when it ends (land)
     */
    this.landing = new Set();
    /** @type {Map<HTMLElement, Spot>} where each sliding card is going */
    this.goals = new Map();
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
   * Give the layer exactly the cards *wanted*: only the cards that come onto
   * the board (a card turned up, a foundation's next card) are put in, and only
   * those that leave it are taken out; every other card stays where it is.
   * @param {Set<HTMLElement>} wanted
   */
  fill(wanted) {
    for (const node of /** @type {HTMLElement[]} */ ([...this.node.children])) {
      if (wanted.has(node)) continue;
      node.remove();
      this.spots.delete(node);
    }
    const coming = [...wanted].filter((node) => node.parentElement !== this.node);
    if (coming.length) this.node.append(...coming);
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
   * Pick up *group* for a drag: the cards are drawn fixed to the window, over
   * everything, where they were; `drag` then moves them. Nothing leaves its
   * place in the page, so the pick-up restyles the picked cards alone and lays
   * nothing out but them.
   * @param {HTMLElement[]} group a card and the cards on it
   * @param {{width: number, height: number}} size the cards' size
   * @returns {{left: number, top: number, right: number, bottom: number}} where the first card is in the window
   */
  lift(group, size) {
    // A card still sliding to its place is taken from that place: it is drawn under the pointer.
    for (const node of group) {
      this.stopSliding(node);
      this.landing.delete(node);
    }
    const box = this.node.getBoundingClientRect();
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
    const { width, height } = size;
    return { left: from[0].x, top: from[0].y, right: from[0].x + width, bottom: from[0].y + height };
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

  /**
   * Let the held cards go, to be placed again. They stay fixed to the window
   * on their layers (landing) until their slides end.
   * @param {Lifted} lifted the cards held
   */
  release(lifted) {
    this.lifted = null;
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

  /** @returns {DOMRect | null} the layer's box in the window while cards are held or sliding, else null */
  origin() {
    return this.lifted || this.sliding.size ? this.node.getBoundingClientRect() : null;
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
}
