// @ts-check
/**
 * *Where did it go wrong?* (SPEC §6) on a game's Watch page: the solver's
 * review of the game's line (its moves, undos taken out), asked of the server
 * (GET /api/v1/games/{id}/review, which may take seconds), then shown on the
 * Watch board: the last position from which the game could still be won, the
 * move that lost it marked, a move that would have kept it winnable shown as
 * a hint is, the answer in words, and *Try from here*, which starts a practice
 * game at that position. Every answer of the review has words of its own.
 *
 * For screen readers the panel has a live region of its own: it says that the
 * solver is thinking, then the answer with the cards' names; the focus stays
 * on the button pressed, and Tab goes on to the answer's buttons.
 */
import { ApiError, api } from "./api.js";
import { cardSymbol, parseCard } from "./cards.js";
import { HintCue } from "./cues.js";
import { t } from "./i18n.js";
import { apiErrorMessage, cardName } from "./messages.js";
import { element } from "./pages.js";

/** @typedef {import("./api.js").Review} Review */
/** @typedef {import("./api.js").ReplayStep} ReplayStep */
/** @typedef {import("./board.js").BoardView} BoardView */

/**
 * What the panel needs of the Watch page it stands on.
 * @typedef {object} ReviewHost
 * @property {() => BoardView | null} board        the Watch board
 * @property {(moves: number) => ReplayStep | null} position  the line's position after *moves* moves, when it is shown
 * @property {(moves: number) => void} show          step the board to the line's position after *moves* moves
 * @property {() => number | null} shownAt            the line's position the board shows, or null (an undo is shown)
 * @property {(moves: number) => Promise<void>} practice  start a practice game with the line's first *moves* moves played
 */

/**
 * A move, the parts its words need: the card, where it goes, and how many
 * cards lie on it where it stands (null: it stands on its foundation).
 * @typedef {object} MoveParts
 * @property {string} card
 * @property {string} target "1"…"7" or "F"
 * @property {number | null} on
 */

/**
 * @param {string} move in notation, "QC>5"
 * @param {ReplayStep | null} before the position it is made from, when known
 * @returns {MoveParts}
 */
export function moveParts(move, before) {
  const [card, target] = move.split(">");
  if (!before) return { card, target, on: 0 };
  for (const column of before.columns) {
    const index = column.cards.indexOf(card);
    if (index >= 0) return { card, target, on: column.cards.length - index - 1 };
  }
  return { card, target, on: null };
}

/**
 * The words of a move, each card written by *name*: "Q♣ to column 5",
 * "Q♣ and the cards on it to column 5", "7♠ to its foundation".
 * @param {MoveParts} parts
 * @param {(code: string) => string} name
 * @returns {string}
 */
export function moveWords(parts, name) {
  const words = { card: name(parts.card), column: Number(parts.target) };
  if (parts.target === "F") return t("review.move_to_foundation", words);
  if (parts.on === null) return t("review.move_taken_back", words);
  return parts.on ? t("review.move_group_to_column", words) : t("review.move_to_column", words);
}

/**
 * A review's answer in words, each card written by *name* (its symbol on the
 * screen, its name for screen readers): one sentence for the move that lost
 * and one for the move that would not have, or one sentence for the other
 * answers.
 * @param {Review} review
 * @param {(moves: number) => ReplayStep | null} position
 * @param {(code: string) => string} name
 * @returns {{lost: string | null, better: string | null, words: string}}
 */
export function reviewWords(review, position, name) {
  const at = review.last_winnable;
  const better = review.better_move ?? review.winning_line[0] ?? null;
  const betterWords = at !== null && better ? moveWords(moveParts(better, position(at)), name) : null;
  switch (review.status) {
    case "found": {
      if (at === null || !review.losing_move) break;
      const move = moveWords(moveParts(review.losing_move, position(at)), name);
      const lost = t("review.found", { number: at + 1, move });
      const kept = betterWords ? t("review.better", { move: betterWords }) : null;
      return { lost, better: kept, words: [lost, kept].filter(Boolean).join(" ") };
    }
    case "still_winnable": {
      const words = betterWords ? t("review.still_winnable_next", { move: betterWords }) : t("review.still_winnable");
      return { lost: null, better: betterWords ? words : null, words };
    }
    case "lost_from_the_deal":
      return { lost: null, better: null, words: t("review.lost_from_the_deal") };
    case "won":
      if (review.par !== null) return { lost: null, better: null, words: t("review.won", { count: review.par }) };
      break;
    case "unknown": {
      if (!review.unknown_between) break;
      const [from, to] = review.unknown_between;
      if (from === 0) return { lost: null, better: null, words: t("review.unknown_deal") };
      const words = from === to ? t("review.unknown_one", { number: from }) : t("review.unknown", { from, to });
      return { lost: null, better: null, words };
    }
  }
  return { lost: null, better: null, words: t("review.no_answer") };
}

/**
 * The mark of the move that lost: a dashed ring round the cards it moved, a
 * tag under them that says what it is, and their target dashed. The hint's
 * drawing (cues.js) without its trip or arrow: an arrow over the whole board
 * would stand over every card's words.
 */
class LossCue extends HintCue {
  /** @param {BoardView} board */
  constructor(board) {
    super(board);
    this.outline.classList.add("loss-outline");
    // Its tag, drawn by board.css (the outline is hidden from screen readers: the words say it).
    this.outline.dataset.label = t("review.lost_label");
  }

  /**
   * @param {string} card
   * @param {string} target
   */
  show(card, target) {
    this.clear();
    this.shown = { card, target };
    this.draw();
    this.board.slotOf(target, card).classList.add("lost-target");
  }

  clear() {
    super.clear();
    for (const node of this.board.root.querySelectorAll(".lost-target")) node.classList.remove("lost-target");
  }
}

/**
 * A card in words for the eye and the ear: its symbol shown, its name read.
 * @param {string} code
 * @returns {string} a token that `fillCards` turns into the card's nodes
 */
function cardToken(code) {
  return `\u0001${code}\u0002`;
}

/**
 * @param {HTMLElement} node
 * @param {string} text words with card tokens (cardToken)
 */
function fillCards(node, text) {
  node.replaceChildren(
    ...text.split(/\u0001(\w\w)\u0002/).map((part, index) => {
      if (index % 2 === 0) return part;
      const card = element("span", `card-word ${parseCard(part).red ? "red" : "black"}`);
      card.dataset.card = part;
      const symbol = element("span", "", cardSymbol(part));
      symbol.setAttribute("aria-hidden", "true");
      card.append(symbol, element("span", "visually-hidden", cardName(part)));
      return card;
    }),
  );
}

export class ReviewPanel {
  /**
   * @param {string} id the game reviewed
   * @param {ReviewHost} host
   */
  constructor(id, host) {
    this.id = id;
    this.host = host;
    /** @type {Review | null} */
    this.review = null;
    /** @type {Promise<void> | null} the review asked for, until it is answered */
    this.asking = null;
    this.node = element("section", "review");
    this.node.setAttribute("aria-labelledby", `review-title-${id}`);
    const title = element("h2", "visually-hidden", t("review.button"));
    title.id = `review-title-${id}`;
    this.button = element("button", "review-ask primary", t("review.button"));
    this.button.type = "button";
    this.button.addEventListener("click", () => this.ask());
    const ask = element("div", "actions");
    ask.append(this.button);
    this.status = element("p", "review-status");
    this.status.hidden = true;
    // What a screen reader hears: that the solver thinks, then the answer.
    this.said = element("p", "visually-hidden");
    this.said.setAttribute("role", "status");
    this.said.dataset.review = "said";
    this.answer = element("div", "review-answer");
    this.answer.hidden = true;
    this.node.append(title, ask, this.status, this.said, this.answer);
    /** @type {HintCue | null} */
    this.better = null;
    /** @type {LossCue | null} */
    this.loss = null;
  }

  /**
   * Ask for the review, or show the one answered again; the board goes to its position.
   * @param {boolean} [focus] give the button the focus (the page was opened to ask)
   * @returns {Promise<void>}
   */
  ask(focus = false) {
    if (focus) this.button.focus();
    if (this.review) {
      this.goThere();
      return Promise.resolve();
    }
    this.asking ??= this.fetch().finally(() => {
      this.asking = null;
    });
    return this.asking;
  }

  async fetch() {
    this.busy(true);
    this.say(t("review.thinking"));
    this.status.textContent = t("review.thinking");
    this.status.hidden = false;
    try {
      const review = await api.review(this.id);
      this.review = review;
      this.status.hidden = true;
      this.node.dataset.status = review.status;
      this.showAnswer(review);
      this.goThere();
      this.marksInSight();
    } catch (error) {
      if (!(error instanceof ApiError)) console.warn(error);
      const words = error instanceof ApiError ? apiErrorMessage(error.error) : t("error.network");
      this.status.textContent = words;
      this.say(words);
    } finally {
      this.busy(false);
    }
  }

  /**
   * While the solver thinks the button is marked unavailable, not disabled: it
   * keeps the focus. (No aria-busy: screen readers would hold back the live
   * region's "thinking" until the answer.)
   * @param {boolean} busy
   */
  busy(busy) {
    this.button.setAttribute("aria-disabled", String(busy));
    this.node.classList.toggle("thinking", busy);
  }

  /** @param {string} words */
  say(words) {
    this.said.replaceChildren(document.createTextNode(words));
  }

  /**
   * The answer in words, with *Try from here* where there is a position to try from.
   * @param {Review} review
   */
  showAnswer(review) {
    const shown = reviewWords(review, this.host.position, cardToken);
    const spoken = reviewWords(review, this.host.position, cardName);
    /** @type {HTMLElement[]} */
    const parts = [];
    for (const [kind, words] of /** @type {const} */ ([
      ["lost", shown.lost],
      ["better", shown.better],
    ])) {
      if (!words) continue;
      const line = element("p", `review-line ${kind}`);
      line.dataset.review = kind;
      fillCards(line, words);
      // The mark the board shows for it, as a key to the board.
      const swatch = element("span", `swatch ${kind}`);
      swatch.setAttribute("aria-hidden", "true");
      line.prepend(swatch);
      parts.push(line);
    }
    if (!parts.length) {
      const line = element("p", "review-line");
      line.dataset.review = "words";
      fillCards(line, shown.words);
      parts.push(line);
    }
    const at = review.last_winnable;
    if (at !== null && (review.status === "found" || review.status === "still_winnable")) {
      const actions = element("div", "actions");
      const tryButton = element("button", "primary review-try", t("review.try"));
      tryButton.type = "button";
      tryButton.addEventListener("click", () => this.tryFromHere(at, tryButton));
      actions.append(tryButton);
      parts.push(actions);
    }
    this.answer.replaceChildren(...parts);
    this.answer.hidden = false;
    this.say(spoken.words);
  }

  /**
   * @param {number} moves
   * @param {HTMLButtonElement} button
   */
  async tryFromHere(moves, button) {
    if (button.getAttribute("aria-disabled") === "true") return;
    button.setAttribute("aria-disabled", "true");
    try {
      await this.host.practice(moves);
    } finally {
      button.setAttribute("aria-disabled", "false");
    }
  }

  /** Step the board to the answer's position (it then draws the marks: redraw). */
  goThere() {
    const review = this.review;
    if (!review) return;
    const at = this.position(review);
    if (at !== null && this.host.position(at)) this.host.show(at);
  }

  /**
   * Scroll the page down as far as the marks need to be seen below the words
   * (on a wide screen the board runs below the window), keeping the words' top in sight.
   */
  marksInSight() {
    const boxes = [this.better, this.loss].flatMap((cue) => (cue && !cue.outline.hidden ? [cue.outline] : []));
    if (!boxes.length) return;
    const bottom = Math.max(...boxes.map((node) => node.getBoundingClientRect().bottom)) + 16;
    const over = bottom - window.innerHeight;
    const spare = this.node.getBoundingClientRect().top - 8;
    if (over > 0 && spare > 0) window.scrollBy({ top: Math.min(over, spare) });
  }

  /**
   * @param {Review} review
   * @returns {number | null} the line's position the answer is shown at
   */
  position(review) {
    if (review.status === "found" || review.status === "still_winnable") return review.last_winnable;
    if (review.status === "lost_from_the_deal") return 0;
    return null;
  }

  /** The board was drawn: the marks show on the answer's position, and only there. */
  redraw() {
    const board = this.host.board();
    const review = this.review;
    if (!board) return;
    this.better ??= new HintCue(board);
    this.loss ??= new LossCue(board);
    this.better.clear();
    this.loss.clear();
    board.clearMarks(["hinted"]);
    const at = review ? this.position(review) : null;
    if (!review || at === null || this.host.shownAt() !== at) return;
    if (review.status === "found" && review.losing_move) {
      const [card, target] = review.losing_move.split(">");
      this.loss.show(card, target);
    }
    const better = review.better_move ?? review.winning_line[0];
    if (better && review.status !== "lost_from_the_deal") {
      const [card, target] = better.split(">");
      board.showHint(card, target);
      this.better.show(card, target);
    }
  }
}
