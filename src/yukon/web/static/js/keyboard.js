// @ts-check
/**
 * The keyboard (SPEC §7): the one place that reads keys. It moves the board's
 * focus, picks up the focused card with the cards on it and puts them down,
 * and runs the game's commands. Keys are ignored while a window is open, while
 * a page other than the game is shown, and while the player types in a field.
 */
import { pickedWords, placeAnswerWords } from "./announce.js";
import { parseCard } from "./cards.js";
import { t } from "./i18n.js";
import { cardName } from "./messages.js";

/** @typedef {import("./focus.js").BoardFocus} BoardFocus */
/** @typedef {import("./focus.js").Spot} Spot */

/**
 * @typedef {object} KeyActions
 * @property {() => boolean} active         whether the game is shown with no window over it
 * @property {(card: string, target: string) => void} move  play a move (a refusal is explained)
 * @property {(card: string) => void} place  place a card as a double tap would
 * @property {() => void} undo
 * @property {() => void} hint
 * @property {() => void} newGame
 * @property {() => void} showKeys          open the list of keys
 * @property {(text: string) => void} announce  say something to screen readers
 */

/**
 * Every key, as the `?` window lists them: what to press and the catalog key of
 * what it does. Keys written in words are catalog keys too.
 * @type {ReadonlyArray<{keys: string[], does: string}>}
 */
export const KEYS = [
  { keys: ["keys.left", "keys.right"], does: "keys.across" },
  { keys: ["keys.up", "keys.down"], does: "keys.along" },
  { keys: ["1–7"], does: "keys.digits" },
  { keys: ["keys.enter", "keys.space"], does: "keys.pick" },
  { keys: ["Esc"], does: "keys.escape" },
  { keys: ["F"], does: "keys.foundation" },
  { keys: ["A"], does: "keys.place" },
  { keys: ["U", "Ctrl+Z", "⌘Z"], does: "toolbar.undo" },
  { keys: ["H"], does: "toolbar.hint" },
  { keys: ["N"], does: "toolbar.new" },
  { keys: ["?"], does: "keys.help" },
];

/**
 * A field of a window just closed keeps the focus until the browser's next frame:
 * a key pressed meanwhile is a command, not words for a field no longer shown.
 * @param {EventTarget | null} target
 * @returns {boolean} whether keys typed there are words, not commands
 */
function typing(target) {
  return (
    target instanceof Element && !!target.closest("input, select, textarea, [contenteditable]") && target.checkVisibility()
  );
}

/**
 * @param {Spot} spot
 * @returns {string} the target a move to that place names
 */
function targetOf(spot) {
  return "foundation" in spot ? "F" : String(spot.column + 1);
}

export class KeyboardInput {
  /**
   * @param {BoardFocus} focus
   * @param {KeyActions} actions
   */
  constructor(focus, actions) {
    this.focus = focus;
    this.board = focus.board;
    this.actions = actions;
    /** @type {{card: string, version: number} | null} the card picked up, with the cards on it */
    this.held = null;
    document.addEventListener("keydown", (event) => this.pressed(event));
    // A card held by the keyboard is let go when the game changes under it (a drag, another tab).
    this.board.drawn.add(() => {
      if (this.held && this.held.version !== this.board.state?.version) this.release();
    });
  }

  /** @param {KeyboardEvent} event */
  pressed(event) {
    if (event.defaultPrevented || event.altKey || typing(event.target) || !this.actions.active()) return;
    const command = this.command(event);
    if (!command) return;
    event.preventDefault();
    command();
  }

  /**
   * @param {KeyboardEvent} event
   * @returns {(() => void) | null} what the key does here, or null to leave it to the browser
   */
  command(event) {
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (event.ctrlKey || event.metaKey) return key === "z" && !event.shiftKey ? () => this.run(this.actions.undo) : null;
    if (/^[1-7]$/.test(key)) return () => this.digit(Number(key));
    /** @type {Record<string, () => void>} */
    const commands = {
      "?": () => this.run(this.actions.showKeys),
      u: () => this.run(this.actions.undo),
      h: () => this.run(this.actions.hint),
      n: () => this.run(this.actions.newGame),
    };
    if (commands[key]) return commands[key];
    if (key === "Escape") return this.held ? () => this.putBack() : null;
    // The rest act on the focused card, so only while the focus is on the board.
    const spot = this.focus.active();
    if (!spot) return null;
    return this.cardCommand(key, spot);
  }

  /**
   * @param {string} key
   * @param {Spot} spot the focused place
   * @returns {(() => void) | null}
   */
  cardCommand(key, spot) {
    const card = /** @type {HTMLElement} */ (document.activeElement).dataset.card ?? null;
    /** @type {Record<string, () => void>} */
    const commands = {
      ArrowLeft: () => this.across(-1),
      ArrowRight: () => this.across(1),
      ArrowUp: () => this.along(-1),
      ArrowDown: () => this.along(1),
      Enter: () => (this.held ? this.putDown(targetOf(spot)) : this.pickUp(card)),
      " ": () => (this.held ? this.putDown(targetOf(spot)) : this.pickUp(card)),
      f: () => (this.held ? this.putDown("F") : card && this.actions.move(card, "F")),
      a: () => {
        if (card && !this.held) this.actions.place(card);
      },
    };
    return commands[key] ?? null;
  }

  /**
   * A command that changes the game first puts back what the keyboard holds.
   * @param {() => void} action
   */
  run(action) {
    this.release();
    action();
  }

  /**
   * Left and Right go round the board; while cards are held, each place says
   * whether it takes them.
   * @param {number} step
   */
  across(step) {
    this.focus.across(step);
    if (this.held) this.actions.announce(this.placeAnswer(this.held.card, this.focus.spot));
  }

  /**
   * @param {string} card the card held
   * @param {Spot} spot the place under the focus
   * @returns {string} "Column 5: takes them.", "Column 3: where they came from."
   */
  placeAnswer(card, spot) {
    const board = this.board;
    const group = board.groupOf(card).length > 1;
    const where = board.locate(card);
    const foundation = "foundation" in spot;
    // Any foundation sends a card to its own (SPEC §1): that one is named.
    const place = foundation
      ? board.labels.foundation(parseCard(card).suit)
      : board.labels.column(spot.column + 1);
    const home = foundation ? !!where && "foundation" in where : !!where && "column" in where && where.column === spot.column;
    const takes = (board.state?.targets[card] ?? []).includes(targetOf(spot));
    return placeAnswerWords(place, home ? "home" : takes ? "takes" : "refuses", group);
  }

  /**
   * Up and Down walk a column's cards, but not while cards are held: they go to a column.
   * @param {number} step
   */
  along(step) {
    if (!this.held) this.focus.along(step);
  }

  /** @param {number} number a column, 1–7 */
  digit(number) {
    if (this.held) this.putDown(String(number));
    else this.focus.column(number);
  }

  /**
   * Pick up *card* and the cards on it, and show where they may go.
   * @param {string | null} card
   */
  pickUp(card) {
    const state = this.board.state;
    const group = card ? this.board.groupOf(card) : [];
    if (!card || !state || !group.length) return;
    this.held = { card, version: state.version };
    this.board.clearMarks();
    for (const code of group) this.board.face(code).classList.add("lifted");
    const targets = state.targets[card] ?? [];
    this.board.showTargets(card, targets);
    this.actions.announce(pickedWords(card, group.length - 1, targets));
  }

  /**
   * Put what is held on *target*; the focus follows the card. Its own column
   * puts it back.
   * @param {string} target "1"…"7" or "F"
   */
  putDown(target) {
    const held = this.held;
    if (!held) return;
    const where = this.board.locate(held.card);
    if (where && "column" in where && String(where.column + 1) === target) {
      this.putBack();
      return;
    }
    this.release();
    this.focus.follow(held.card);
    this.actions.move(held.card, target);
  }

  /** Put the held cards back where they were, and focus the card again. */
  putBack() {
    const held = this.held;
    if (!held) return;
    this.release();
    this.focus.card(held.card);
    this.actions.announce(t("announce.put_back", { card: cardName(held.card) }));
  }

  /** Let go of what is held, without a word. */
  release() {
    if (!this.held) return;
    this.held = null;
    for (const node of this.board.root.querySelectorAll(".lifted")) node.classList.remove("lifted");
    this.board.clearMarks();
  }
}

/**
 * The `?` window: every key and what it does, built from KEYS so that the list
 * and the keys cannot disagree. Its words are filled by translateTree.
 * @returns {HTMLDialogElement}
 */
export function makeKeysDialog() {
  const dialog = document.createElement("dialog");
  dialog.id = "dlg-keys";
  dialog.className = "dialog";
  dialog.setAttribute("aria-labelledby", "dlg-keys-title");
  const form = document.createElement("form");
  form.method = "dialog";
  const title = document.createElement("h2");
  title.id = "dlg-keys-title";
  title.dataset.i18n = "keys.title";
  const intro = document.createElement("p");
  intro.dataset.i18n = "keys.intro";
  const list = document.createElement("dl");
  list.className = "keys";
  for (const { keys, does } of KEYS) {
    const term = document.createElement("dt");
    for (const key of keys) {
      const kbd = document.createElement("kbd");
      if (key.startsWith("keys.")) kbd.dataset.i18n = key;
      else kbd.textContent = key;
      term.append(kbd, " ");
    }
    const description = document.createElement("dd");
    description.dataset.i18n = does;
    list.append(term, description);
  }
  const actions = document.createElement("div");
  actions.className = "actions";
  const close = document.createElement("button");
  close.type = "submit";
  close.className = "primary";
  close.dataset.i18n = "dialog.close";
  actions.append(close);
  form.append(title, intro, list, actions);
  dialog.append(form);
  document.body.append(dialog);
  return dialog;
}
