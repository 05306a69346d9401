// @ts-check
/**
 * Cards as the API writes them ("TD" = 10♦) and the DOM that draws them.
 *
 * The deck is drawn with DOM and CSS, not images: a big rank-and-suit index in
 * the top strip (the only part of an overlapped card that shows) stays readable
 * on a 360 px wide phone, and the whole deck costs no download.
 */

/** The foundations' fixed order (SPEC §1). */
export const SUITS = /** @type {const} */ (["S", "H", "D", "C"]);

/** @type {Record<string, string>} */
export const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };

const RANK_LETTERS = "A23456789TJQK";
const RANK_LABELS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

/**
 * @typedef {object} CardInfo
 * @property {string} code   notation, e.g. "TD"
 * @property {number} rank   1 (Ace) … 13 (King)
 * @property {string} suit   "S" | "H" | "D" | "C"
 * @property {boolean} red   hearts and diamonds
 * @property {string} label  the rank as printed: "A", "2" … "10", "J", "Q", "K"
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
  const label = RANK_LABELS[rank - 1];
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
 * A face-up card: the index in the top-left strip, a small index in the
 * opposite corner, and a big suit (or the face letter) in the middle.
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
  const centre = element("span", "centre", card.rank > 10 || card.rank === 1 ? card.label : "");
  centre.append(element("span", "pip", SUIT_SYMBOLS[card.suit]));
  const foot = element("span", "foot", card.symbol);
  node.append(index, centre, foot);
  return node;
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
