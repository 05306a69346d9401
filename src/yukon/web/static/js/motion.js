// @ts-check
//# allFunctionsCalledOnLoad
/**
 * Animation policy: moves and flips are short (at most 200 ms); what is shown
 * to be seen (a refused card's shake, a hint's trip) takes as long as that
 * needs; and nothing moves when the player asks for reduced motion.
 */

const query = window.matchMedia("(prefers-reduced-motion: reduce)");

/** @returns {boolean} whether animations are off */
export function reducedMotion() {
  return query.matches;
}
