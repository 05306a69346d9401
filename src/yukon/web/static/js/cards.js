// @ts-check
//# allFunctionsCalledOnLoad
/**
 * Cards as the API writes them ("TD" = 10♦) and the DOM that draws them.
 *
 * The deck is drawn with DOM and CSS: a big rank-and-suit index in the top
 * strip (the only part of an overlapped card that shows) stays readable on a
 * 360 px wide phone, and number cards carry the classic pips. Only the court
 * cards' pictures are images, public-domain art from one sprite (cards/).
 */

import { t } from "./i18n.js";

/** The foundations' fixed order (SPEC §1). */
export const SUITS = /** @type {const} */ (["S", "H", "D", "C"]);

/** @type {Record<string, string>} */
export const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };

const RANK_LETTERS = "A23456789TJQK";
const RANK_LABELS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
/** The ranks as the current language's players print them (a Slovak Jack is V), read once per catalog. */
let labels = { text: "", list: RANK_LABELS };

/** @returns {string[]} the 13 rank labels of the current language */
function rankLabels() {
  const text = t("card.ranks");
  if (text !== labels.text) {
    const list = text.split(" ");
    labels = { text, list: list.length === RANK_LABELS.length ? list : RANK_LABELS };
  }
  return labels.list;
}

/**
 * @typedef {object} CardInfo
 * @property {string} code   notation, e.g. "TD"
 * @property {number} rank   1 (Ace) … 13 (King)
 * @property {string} suit   "S" | "H" | "D" | "C"
 * @property {boolean} red   hearts and diamonds
 * @property {string} label  the rank as printed in the current language: "A", "2" … "10", "J", "Q", "K" in English
 * @property {string} symbol e.g. "10♦"
 */

/**
 * @param {string} code a card in notation, e.g. "7H"
 * @returns {CardInfo}
 */
export function parseCard(code) {
  const upper = code.toUpperCase();
  const rank = RANK_LETTERS.indexOf(upper[0]) + 1;
  const suit = upper[1];
  if (rank < 1 || !(suit in SUIT_SYMBOLS) || upper.length !== 2) {
    throw new Error(`not a card: ${code}`);
  }
  const label = rankLabels()[rank - 1];
  return { code: upper, rank, suit, red: suit === "H" || suit === "D", label, symbol: label + SUIT_SYMBOLS[suit] };
}

/**
 * @param {string} code
 * @returns {string} the card as people write it, e.g. "10♦"
 */
export function cardSymbol(code) {
  return parseCard(code).symbol;
}

/**
 * @param {number} rank 1 … 13
 * @param {string} suit
 * @returns {string} the card's notation
 */
export function cardCode(rank, suit) {
  return RANK_LETTERS[rank - 1] + suit;
}

/**
 * @param {string} tag
 * @param {string} className
 * @param {string} [text]
 * @returns {HTMLElement}
 */
function element(tag, className, text) {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Name a card's picture for screen readers (its drawn parts are hidden from them).
 * @param {HTMLElement} node
 * @param {string} name
 * @returns {HTMLElement}
 */
function named(node, name) {
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", name);
  return node;
}

/**
 * Where the pips of a number card lie, as on printed cards: [x, y] in the pip
 * area, 0 … 1 from its top-left corner; the pips of the lower half are drawn
 * upside down.
 * @type {Record<number, number[][]>}
 */
const PIPS = (() => {
  const pair = (/** @type {number} */ y) => [[0, y], [1, y]];
  const corners = [...pair(0), ...pair(1)];
  const middle = (/** @type {number[]} */ ...ys) => ys.map((y) => [0.5, y]);
  return {
    1: middle(0.5),
    2: middle(0, 1),
    3: middle(0, 0.5, 1),
    4: corners,
    5: [...corners, ...middle(0.5)],
    6: [...corners, ...pair(0.5)],
    7: [...corners, ...pair(0.5), ...middle(0.25)],
    8: [...corners, ...pair(0.5), ...middle(0.25, 0.75)],
    9: [...corners, ...pair(1 / 3), ...pair(2 / 3), ...middle(0.5)],
    10: [...corners, ...pair(1 / 3), ...pair(2 / 3), ...middle(1 / 6, 5 / 6)],
  };
})();

/** The court pictures, one sprite loaded once and only when a court card is drawn. */
const COURTS = new URL("../cards/courts.svg", import.meta.url).pathname;

/** The suits the four-colour deck colours anew: ♦ blue, ♣ green. */
const FOUR_COLOURED = ["D", "C"];

/**
 * A court card's picture: an image, drawn as one piece (the sprite's symbol
 * used in place brought its dozens of nested, transformed parts into the
 * page's layers).
 * @param {string} view the sprite's view that frames it
 * @param {string} className
 * @returns {HTMLImageElement}
 */
function courtPicture(view, className) {
  const art = document.createElement("img");
  art.className = className;
  art.alt = "";
  art.src = `${COURTS}#${view}`;
  return art;
}

/**
 * @param {CardInfo} card
 * @param {number[][]} places where its pips lie in this area, [x, y] from 0 to 1
 * @returns {HTMLElement} an area of pips
 */
function pipArea(card, places) {
  const pips = element("span", card.rank === 1 ? "pips ace" : "pips");
  for (const [x, y] of places) {
    const pip = element("span", "pip", SUIT_SYMBOLS[card.suit]);
    pip.style.setProperty("--x", String(x));
    pip.style.setProperty("--y", String(y));
    pips.append(pip);
  }
  return pips;
}

/**
 * @param {CardInfo} card
 * @returns {Element} the middle of the card: its upright pips, or a court card's picture
 */
function middle(card) {
  if (card.rank > 10) {
    const frame = element("span", "court-frame");
    // A diamond's or club's picture in the four-colour deck's colours too, shown instead with that setting (access.css).
    if (FOUR_COLOURED.includes(card.suit)) frame.append(courtPicture(`${card.code}-four-view`, "art art-four"));
    frame.append(courtPicture(`${card.code}-view`, "art"));
    return frame;
  }
  return pipArea(card, PIPS[card.rank].filter(([, y]) => y <= 0.5));
}

/**
 * The lower half, drawn turned round: the pips of the lower half and the small index.
 * @param {CardInfo} card
 * @returns {HTMLElement}
 */
function turned(card) {
  const box = element("span", "turned");
  // Turned round the card's centre, a pip at (x, y) of the area is drawn at (1 - x, 1 - y).
  const lower = card.rank > 10 ? [] : PIPS[card.rank].filter(([, y]) => y > 0.5).map(([x, y]) => [1 - x, 1 - y]);
  if (lower.length) box.append(pipArea(card, lower));
  // The index repeated in the corner is drawn by the style sheet (access.css): the
  // card's label is the index it shows once, which its accessible name holds (WCAG 2.5.3).
  const foot = element("span", "foot");
  foot.dataset.label = card.symbol;
  box.append(foot);
  return box;
}

/**
 * A face-up card: the index in the top-left strip (the only part of an
 * overlapped card that shows), a small index in the opposite corner, and in
 * the middle the classic pips or a court card's picture.
 * @param {string} code
 * @param {string} name its accessible name, e.g. "7 of hearts"
 * @returns {HTMLElement}
 */
export function makeCardElement(code, name) {
  const card = parseCard(code);
  const node = named(element("div", `card face ${card.red ? "red" : "black"}${card.rank > 10 ? " court" : ""}`), name);
  node.dataset.card = card.code;
  const index = element("span", "index");
  index.append(element("span", "rank", card.label), element("span", "suit", SUIT_SYMBOLS[card.suit]));
  // The turned lower half spans the whole card: drawn first, it lies under the
  // index, whose background a contrast check then reads as the card's own.
  node.append(turned(card), index, middle(card));
  return node;
}

/**
 * A card's size, for drawing what of it shows.
 * @typedef {{width: number, height: number, index: number}} CardSize  index: the index's font size
 */

/** @type {WeakMap<Element, string>} how much of each card showed, at what width, when its parts were last hidden or shown */
const inSight = new WeakMap();

/**
 * Show of a face-up card only the pips (or the picture) that lie wholly in
 * its part in sight, its top *shown* pixels: an overlapped card's strip shows
 * its index, and no pip or picture cut by the next card's edge. The pips lie
 * where board.css puts them: every one, the lower half's turned ones too, at
 * its place down the pip area, centred on a box one pip high. The parts are
 * marked cut (access.css hides them; a card the keyboard focuses, raised
 * whole, shows them).
 * @param {HTMLElement} node a card made by makeCardElement
 * @param {number} shown Infinity for a card in sight whole
 * @param {CardSize} size
 */
export function showInSight(node, shown, size) {
  const { width, height, index } = size;
  const key = `${shown} ${width}`;
  if (inSight.get(node) === key) return;
  inSight.set(node, key);
  const top = 0.17 * width + index;
  const area = height - 0.29 * width - top;
  for (const pip of /** @type {NodeListOf<HTMLElement>} */ (node.querySelectorAll(".pip"))) {
    const y = Number(pip.style.getPropertyValue("--y"));
    const down = pip.closest(".turned") ? 1 - y : y;
    const half = (pip.parentElement?.classList.contains("ace") ? 0.5 : 0.2) * width * 0.5;
    pip.classList.toggle("cut", top + down * area + half + 1 > shown);
  }
  node.querySelector(".court-frame")?.classList.toggle("cut", height - 0.2 * width > shown);
}

/**
 * @param {string} name its accessible name, e.g. "face-down card"
 * @returns {HTMLElement} a face-down card
 */
export function makeBackElement(name) {
  const node = named(element("div", "card back"), name);
  node.append(element("span", "pattern"));
  return node;
}

/**
 * A small inline card picture for the Rules and Examples pages.
 * @param {string} code
 * @param {string} name its accessible name, e.g. "7 of hearts"
 * @returns {HTMLElement}
 */
export function makeCardPicture(code, name) {
  const card = parseCard(code);
  return named(element("span", `mini ${card.red ? "red" : "black"}`, card.symbol), name);
}
