// @ts-check
//# allFunctionsCalledOnLoad
/**
 * What a tap, a double tap or a drop of a card plays, under the player's
 * settings (SPEC §5): the server's `targets` and `double_tap` lists say where a
 * card may go; a gesture that plays nothing shakes the card and, with
 * Interactive rules, says why. The game controller (controller.js) sends the
 * move and draws its answer.
 */
import { showRefused } from "./cues.js";
import { DOUBLE_TAP_MS } from "./drag.js";
import { noPlaceMessage } from "./rulesets.js";
import { listed } from "./state.js";

/** @typedef {import("./api.js").GameState} GameState */
/** @typedef {import("./controller.js").GameController} GameController */

export class CardGestures {
  /** @param {GameController} game */
  constructor(game) {
    this.game = game;
    this.views = game.views;
    /** The card the last tap moved: the second tap of a double tap on it adds nothing. */
    this.tapMoved = /** @type {string | null} */ (null);
    /** A refused tap waits to be shown until no second tap can make it a double tap. */
    this.refusal = 0;
  }

  /**
   * @param {string} card
   * @returns {boolean} whether *card* can be picked up: face-up in a column, or a foundation's top
   */
  canPick(card) {
    return this.views.board.locate(card) !== null;
  }

  /** @param {string} card */
  dragStarted(card) {
    this.game.clearHint();
    if (this.views.settings.values.placement_help) {
      this.views.board.showTargets(card, this.game.state?.targets[card] ?? []);
    }
  }

  /**
   * @param {string} card
   * @param {string | null} target where it was let go
   */
  dropped(card, target) {
    this.game.act(card, (state) => {
      const chosen = this.dropTarget(state, card, target);
      // Nothing to send: the cards slide home.
      if (!chosen) this.game.redraw();
      return chosen;
    });
  }

  /**
   * A drop on a target the server listed is played; with Automatic placement a
   * drop anywhere else goes where a double tap would; with Interactive rules a
   * refused drop is sent so that the server names the rule; otherwise nothing.
   * @param {GameState} state
   * @param {string} card
   * @param {string | null} target
   * @returns {string | null}
   */
  dropTarget(state, card, target) {
    const settings = this.views.settings.values;
    const where = this.views.board.locate(card);
    const home = where && "column" in where ? String(where.column + 1) : null;
    if (target && listed(state, card, target)) return target;
    const automatic = settings.auto_placement ? this.autoTarget(state, card) : null;
    if (automatic) return automatic;
    return target && target !== home && settings.interactive_rules ? target : null;
  }

  /**
   * Where Automatic placement sends a card: the server's double-tap target,
   * else its foundation when it may go there.
   * @param {GameState} state
   * @param {string} card
   * @returns {string | null}
   */
  autoTarget(state, card) {
    if (state.double_tap[card]) return state.double_tap[card];
    return listed(state, card, "F") && this.views.board.isLastCard(card) ? "F" : null;
  }

  /**
   * A tap on the last card of a column sends it to its foundation when it can
   * go there; otherwise, with One tap plays (or, for a column's card, with
   * Automatic placement), the tap places the card as a double tap would. A
   * tap that plays nothing is refused (refuseTap).
   * @param {string} card
   */
  tapped(card) {
    this.game.act(card, (state) => this.tapOnce(state, card));
  }

  /**
   * @param {GameState} state
   * @param {string} card
   * @returns {string | null} where a tap on *card* sends it; a tap that plays nothing is refused
   */
  tapOnce(state, card) {
    const target = this.tapTarget(state, card);
    this.tapMoved = target ? card : null;
    if (!target) this.refuseTap(card);
    return target;
  }

  /**
   * @param {GameState} state
   * @param {string} card
   * @returns {string | null} where a tap sends *card*, or null when a tap plays nothing
   */
  tapTarget(state, card) {
    const board = this.views.board;
    if (board.isLastCard(card) && listed(state, card, "F")) return "F";
    return this.tapPlaces(card) ? (state.double_tap[card] ?? null) : null;
  }

  /**
   * @param {string} card
   * @returns {boolean} whether a tap that cannot send *card* home places it as a double tap would
   */
  tapPlaces(card) {
    const settings = this.views.settings.values;
    // Without One tap plays a foundation's top goes back only when dragged or double-tapped.
    return settings.one_tap || (settings.auto_placement && "column" in (this.views.board.locate(card) ?? {}));
  }

  /**
   * A tap that played nothing is shown once no second tap can still make it a
   * double tap (which then does what a double tap does): the card shakes and,
   * with Interactive rules, the app says why.
   * @param {string} card
   */
  refuseTap(card) {
    if (this.views.settings.values.double_click) {
      this.refusal = window.setTimeout(() => this.showRefusedTap(card), DOUBLE_TAP_MS);
    } else this.showRefusedTap(card);
  }

  /**
   * Why a tap played nothing: for a tap that would have placed the card, that
   * nothing fits (as a double tap says); for one that would have sent it home,
   * the server's words for that move, asked with Interactive rules only.
   * @param {string} card
   */
  showRefusedTap(card) {
    const state = this.game.state;
    if (!state || !this.views.board.locate(card)) return;
    if (this.tapPlaces(card)) {
      this.placement(state, card);
      return;
    }
    showRefused(this.views.board, card);
    if (this.views.settings.values.interactive_rules) this.game.act(card, (now) => (listed(now, card, "F") ? null : "F"));
  }

  /**
   * The second tap of a double tap: decided once the first tap's move is
   * answered, and nothing more when that tap already moved the card. With
   * Double click off it is one more tap.
   * @param {string} card
   */
  doubleTapped(card) {
    const double = this.views.settings.values.double_click;
    if (double) window.clearTimeout(this.refusal);
    this.game.act(card, (state) => {
      const moved = this.tapMoved === card;
      this.tapMoved = null;
      if (moved) return null;
      if (!double) return this.tapOnce(state, card);
      window.clearTimeout(this.refusal);
      return this.placement(state, card);
    });
  }

  /**
   * Where a double tap sends *card*; nothing fits: nothing moves, the card
   * shakes, and with Interactive rules the app says why.
   * @param {GameState} state
   * @param {string} card
   * @returns {string | null}
   */
  placement(state, card) {
    const target = state.double_tap[card] ?? null;
    if (!target && this.views.board.locate(card)) {
      showRefused(this.views.board, card);
      this.game.explain(noPlaceMessage(card, state.rules));
    }
    return target;
  }
}
