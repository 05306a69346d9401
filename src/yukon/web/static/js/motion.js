// @ts-check
//# allFunctionsCalledOnLoad
/** Animation policy: short (at most 200 ms) and none when the player asks for reduced motion. */

const query = window.matchMedia("(prefers-reduced-motion: reduce)");

/** @returns {boolean} whether animations are off */
export function reducedMotion() {
  return query.matches;
}
