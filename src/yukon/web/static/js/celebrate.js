// @ts-check
/**
 * The win's celebration, as classic solitaire has it: the cards leave the
 * foundations one after another, Kings first, and bounce away across the
 * screen. A tap ends it at once; under reduced motion there is none.
 */
import { SUITS, cardCode, makeCardElement } from "./cards.js";
import { reducedMotion } from "./motion.js";

/** Between one card's start and the next's. */
const STAGGER_MS = 35;
const FLIGHT_MS = 1300;
/** Points along each card's path: enough for a smooth bounce. */
const STEPS = 24;

/**
 * The path of one card: thrown sideways from its foundation, falling, and
 * bouncing once on the bottom of the screen.
 * @param {number} throwX  the whole sideways travel, in pixels
 * @param {number} floor   how far below its start the bottom of the screen is
 * @returns {Keyframe[]}
 */
function bounce(throwX, floor) {
  const frames = [];
  for (let step = 0; step <= STEPS; step += 1) {
    const time = step / STEPS;
    // A fall to the floor by time 0.5, then a bounce to 60 % of the height, falling off again.
    const first = Math.min(1, time / 0.5);
    const second = Math.max(0, (time - 0.5) / 0.5);
    const y = time <= 0.5 ? floor * first * first : floor - floor * 0.6 * (1 - (2 * second - 1) ** 2) + floor * 0.8 * second ** 2;
    frames.push({ transform: `translate(${throwX * time}px, ${y}px)` });
  }
  return frames;
}

/**
 * @param {HTMLElement} board the board, whose card size the celebration takes
 * @param {HTMLElement[]} slots the four foundations, ♠ ♥ ♦ ♣
 * @returns {Promise<void>} when the last card has gone (at once under reduced motion)
 */
export async function celebrate(board, slots) {
  if (reducedMotion()) return;
  const layer = document.createElement("div");
  layer.className = "celebration";
  layer.setAttribute("aria-hidden", "true");
  const sizes = getComputedStyle(board);
  for (const name of ["--card-w", "--card-h", "--index"]) layer.style.setProperty(name, sizes.getPropertyValue(name));
  document.body.append(layer);
  /** @type {Animation[]} */
  const flights = [];
  for (let rank = 13; rank >= 1; rank -= 1) {
    SUITS.forEach((suit, index) => {
      const box = slots[index].getBoundingClientRect();
      const card = makeCardElement(cardCode(rank, suit), "");
      card.style.left = `${box.left}px`;
      card.style.top = `${box.top}px`;
      layer.append(card);
      const order = (13 - rank) * 4 + index;
      // The cards still waiting lie under the ones leaving, as on the foundation.
      card.style.zIndex = String(52 - order);
      const direction = order % 2 ? 1 : -1;
      const throwX = direction * window.innerWidth * (0.35 + 0.1 * (order % 3));
      flights.push(
        card.animate(bounce(throwX, window.innerHeight - box.bottom), {
          duration: FLIGHT_MS,
          delay: order * STAGGER_MS,
          fill: "both",
        }),
      );
    });
  }
  const skip = () => flights.forEach((flight) => flight.finish());
  window.addEventListener("pointerdown", skip, { once: true });
  await Promise.all(flights.map((flight) => flight.finished));
  window.removeEventListener("pointerdown", skip);
  layer.remove();
}
