// @ts-check
//# allFunctionsCalledOnLoad
/**
 * What a screen reader hears besides the focused card (SPEC §7): one polite
 * live region that says every move, turned card, refusal, score change and the
 * win, in the player's language. The words for a change are read from the two
 * states the server sent, before and after, and the record's last move.
 */
import { formatList } from "./format.js";
import { t } from "./i18n.js";
import { inTurn } from "./later.js";
import { cardName } from "./messages.js";

/** @typedef {import("./api.js").GameState} GameState */

export class Announcer {
  constructor() {
    this.node = document.createElement("div");
    this.node.id = "announcer";
    this.node.className = "visually-hidden";
    this.node.setAttribute("role", "status");
    this.node.setAttribute("aria-live", "polite");
    this.node.setAttribute("aria-atomic", "true");
    document.body.append(this.node);
  }

  /**
   * Say *text*, after the words of any move still to be said (later.js).
   * @param {string} text
   */
  say(text) {
    // A new text node is a change even when the words repeat (the same refusal twice).
    inTurn(() => this.node.replaceChildren(document.createTextNode(text)));
  }
}

/**
 * The moves in effect in a record ("YU1-C-AACRWEA QC>5 U TD>1" → ["TD>1"]).
 * @param {string} record
 * @returns {string[]}
 */
function movesInEffect(record) {
  /** @type {string[]} */
  const moves = [];
  for (const token of record.split(/\s+/).slice(1)) {
    if (token === "U") moves.pop();
    else if (token) moves.push(token);
  }
  return moves;
}

/**
 * @param {GameState} state
 * @param {string} card
 * @returns {{column: number, index: number} | null} where a card lies in a column
 */
function inColumn(state, card) {
  for (let column = 0; column < state.columns.length; column += 1) {
    const index = state.columns[column].cards.indexOf(card);
    if (index >= 0) return { column, index };
  }
  return null;
}

/**
 * "10 of diamonds and 2 cards on it to column 5."
 * @param {GameState} before
 * @param {string} move in notation, "TD>5"
 * @returns {string}
 */
function moveWords(before, move) {
  const [code, target] = move.split(">");
  const card = cardName(code);
  if (target === "F") return t("announce.to_foundation", { card });
  const column = Number(target);
  const from = inColumn(before, code);
  if (!from) return t("announce.taken_back", { card, column });
  const count = before.columns[from.column].cards.length - from.index - 1;
  return count ? t("announce.group_to_column", { card, count, column }) : t("announce.to_column", { card, column });
}

/**
 * "Undone: 10 of diamonds back to column 2."
 * @param {GameState} before
 * @param {GameState} after
 * @returns {string}
 */
function undoWords(before, after) {
  const undone = movesInEffect(before.record).pop();
  // The server refuses an undo with no move to undo: this is for a record it did not write.
  if (!undone) return t("toolbar.undo");
  const code = undone.split(">")[0];
  const back = inColumn(after, code);
  const card = cardName(code);
  return back ? t("announce.undone_column", { card, column: back.column + 1 }) : t("announce.undone_foundation", { card });
}

/**
 * @param {GameState} before
 * @param {GameState} after
 * @returns {string[]} "8 of spades turned face up in column 4." for each card a move turned
 */
function turnedWords(before, after) {
  return after.columns.flatMap((column, index) =>
    column.hidden < before.columns[index].hidden
      ? [t("announce.turned", { card: cardName(column.cards[0]), column: index + 1 })]
      : [],
  );
}

/**
 * The words for going from *before* to *after*, or null when nothing was done
 * (the same state drawn again, a refusal, a hint).
 * @param {GameState | null} before
 * @param {GameState} after
 * @returns {string | null}
 */
export function describeChange(before, after) {
  if (!before) return null;
  if (before.id !== after.id) return t("announce.dealt", { code: after.code });
  if (after.version <= before.version) return null;
  /** @type {string[]} */
  const words = [];
  if (after.undos > before.undos) {
    words.push(undoWords(before, after));
  } else if (after.moves > before.moves) {
    const move = movesInEffect(after.record).pop();
    if (move) words.push(moveWords(before, move));
    words.push(...turnedWords(before, after));
  } else {
    return null;
  }
  if (after.score !== before.score) words.push(t("announce.score", { score: after.score }));
  if (after.won && !before.won) words.push(t("win.title"), t("win.text"));
  return words.join(" ");
}

/**
 * A hinted move in words, each card written by *name* (its symbol on the
 * screen, its name for screen readers): "Q♠ and the card on it to column 1."
 * @param {string} card
 * @param {string} target "1"…"7" or "F"
 * @param {number | null} on how many cards lie on *card*; null for a foundation's top, taken back
 * @param {(code: string) => string} name
 * @returns {string}
 */
export function hintSentence(card, target, on, name) {
  const words = { card: name(card), column: Number(target) };
  if (target === "F") return t("hint.to_foundation", words);
  if (on === null) return t("hint.taken_back", words);
  if (on === 0) return t("hint.to_column", words);
  if (on === 1) return t("hint.pair_to_column", words);
  return t("hint.group_to_column", { ...words, count: on });
}

/**
 * "Hint: Queen of spades and the card on it to column 1."
 * @param {string} card
 * @param {string} target "1"…"7" or "F"
 * @param {number | null} on how many cards lie on *card*; null for a foundation's top
 * @returns {string}
 */
export function hintWords(card, target, on) {
  return t("announce.hint", { hint: hintSentence(card, target, on, cardName) });
}

/**
 * @param {string} target "1"…"7" or "F"
 * @returns {string} "column 4", "its foundation"
 */
function placeWords(target) {
  return target === "F" ? t("announce.place_foundation") : t("announce.place_column", { column: Number(target) });
}

/**
 * Where cards just picked up may go, from the server's list of targets:
 * "7 of hearts and the 2 cards on it picked up: column 4 or column 6."
 * @param {string} card the card picked up
 * @param {number} count how many cards lie on it
 * @param {string[]} targets where they may go: "1"…"7", "F"
 * @returns {string}
 */
export function pickedWords(card, count, targets) {
  const name = cardName(card);
  if (!targets.length) {
    return count ? t("announce.picked_group_nowhere", { card: name, count }) : t("announce.picked_nowhere", { card: name });
  }
  const places = formatList(targets.map(placeWords), "disjunction");
  return count ? t("announce.picked_group", { card: name, count, places }) : t("announce.picked", { card: name, places });
}

/** The words of each answer, for one card and for a group. */
const PLACE_ANSWERS = {
  takes: ["announce.takes_card", "announce.takes_group"],
  refuses: ["announce.refuses_card", "announce.refuses_group"],
  home: ["announce.home_card", "announce.home_group"],
};

/**
 * Whether the place under the focus takes the cards held: "Column 5: takes them."
 * @param {string} place the place's name, "Column 5"
 * @param {"takes" | "refuses" | "home"} answer it takes them, it does not, or they come from there
 * @param {boolean} group whether more than one card is held
 * @returns {string}
 */
export function placeAnswerWords(place, answer, group) {
  // A place's name may start with a small letter ("piková základňa"): here it starts the words.
  const name = place.charAt(0).toUpperCase() + place.slice(1);
  return t(PLACE_ANSWERS[answer][group ? 1 : 0], { place: name });
}
