// @ts-check
//# allFunctionsCalledOnLoad
/**
 * What the board shows besides the cards' places (SPEC §5): a card that a tap
 * could not play shakes; under reduced motion it flashes instead.
 */
import { reducedMotion } from "./motion.js";

/** @typedef {import("./board.js").BoardView} BoardView */

/** A refused card's shake, side to side: long enough to be seen, short enough not to hold up the next tap. */
const SHAKE = [0, -6, 6, -4, 4, 0].map((x) => ({ transform: `translateX(${x}px)` }));
const SHAKE_MS = 280;
/** How long a refused card stays marked: the whole shake, or a flash that is seen without motion. */
const REFUSED_MS = 600;

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
