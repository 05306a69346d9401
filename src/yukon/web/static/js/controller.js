// @ts-check
//# allFunctionsCalledOnLoad
/**
 * The game controller: turns moves and buttons into API calls and draws the
 * state each answer carries. Moves are checked only by the server; what a tap,
 * a double tap or a drop sends is decided from the server's lists
 * (gestures.js), and the server's refusals explain the rules. A move the server
 * listed is drawn before its answer comes (see `foresee`), so that the cards
 * go at once on a slow network too.
 */
import { hintSentence, hintWords } from "./announce.js";
import { ApiError, api } from "./api.js";
import { cardSymbol } from "./cards.js";
import { t } from "./i18n.js";
import { afterFrame, inTurn } from "./later.js";
import { apiErrorMessage, refusalMessage } from "./messages.js";
import { foreseen, listed } from "./state.js";

/** @typedef {import("./api.js").GameState} GameState */
/** @typedef {import("./board.js").BoardView} BoardView */
/** @typedef {import("./info.js").InfoBar} InfoBar */
/** @typedef {import("./settings.js").SettingsStore} SettingsStore */
/** @typedef {import("./dialogs.js").Toast} Toast */
/** @typedef {import("./cues.js").HintCue} HintCue */

/**
 * @typedef {object} Views
 * @property {BoardView} board
 * @property {HintCue} hint       shows a hinted move on the board
 * @property {InfoBar} info
 * @property {SettingsStore} settings
 * @property {Toast} toast
 * @property {(text: string) => void} announce  says something to screen readers only
 * @property {(state: GameState) => void} onState  buttons, notices, the win window
 */

const HINT_MS = 4000;

/**
 * @typedef {object} Opening
 * @property {GameState} state     the game to show
 * @property {string | null} badLink a link's code that could not be read
 */

/**
 * Find the game to show, before any view exists (so that it loads alongside the
 * settings and the language): the deal of a link's *code*, else the player's
 * current game, else a new one.
 * @param {string | null} code
 * @returns {Promise<Opening>}
 */
export async function openGame(code) {
  if (code) {
    try {
      return { state: await api.createGame({ code }), badLink: null };
    } catch (error) {
      if (!(error instanceof ApiError && error.code === "invalid_code")) throw error;
    }
  }
  // A first visit has no game: asking the list first spares the browser a 404.
  const { games } = await api.listGames(1);
  const state = games.length ? await api.currentGame() : await api.createGame({ winnable: false });
  return { state, badLink: code };
}

/**
 * @param {GameState} state
 * @returns {boolean} whether moves stand that can no longer be undone: the undo limit is reached
 */
export function atUndoLimit(state) {
  if (state.can_undo || state.won) return false;
  let standing = 0;
  for (const token of state.record.split(" ").slice(1)) standing = token === "U" ? standing - 1 : standing + 1;
  return standing > 0;
}

export class GameController {
  /** @param {Views} views */
  constructor(views) {
    this.views = views;
    /** @type {GameState | null} */
    this.state = null;
    /** Requests go one at a time, so each carries the version the last answer gave. */
    this.queue = Promise.resolve();
    /** Requests queued and not yet answered; the page shows the count for scripts and tests. */
    this.pending = 0;
    this.hintTimer = 0;
    /** @type {{game: string, version: number, answer: {hint: import("./api.js").Hint | null, state: GameState}} | null} */
    this.lastHint = null;
    /** The move drawn before its answer, until an answer is drawn (see `foresee`). */
    this.foreseeing = /** @type {object | null} */ (null);
  }

  /**
   * Run *task* after every earlier request has been answered.
   * @param {() => Promise<void>} task
   * @returns {Promise<void>}
   */
  enqueue(task) {
    this.count(1);
    // Counted as done once what its answer changes is all drawn and said (later.js).
    const run = this.queue.then(task).finally(() => inTurn(() => this.count(-1)));
    this.queue = run.catch(() => {});
    return run;
  }

  /** @param {number} change */
  count(change) {
    this.pending += change;
    document.body.dataset.pending = String(this.pending);
  }

  /**
   * Draw *state*: the board at once (its cards start sliding in this frame);
   * the info bar, the buttons and the words for screen readers of a state that
   * changed the game once the board's frames are drawn, each state's in turn.
   * @param {GameState} state
   */
  adopt(state) {
    this.foreseeing = null;
    const changed = this.state?.id !== state.id || this.state.version !== state.version;
    this.state = state;
    this.views.board.render(state);
    const words = () => {
      this.views.info.update(state);
      this.views.onState(state);
    };
    if (changed) afterFrame(words, true);
    else inTurn(words);
  }

  /** Draw the current state again: dragged cards slide home. */
  redraw() {
    if (this.state) this.adopt(this.state);
  }

  /**
   * Show the game *opening* found, and say so when a link's code was bad.
   * @param {Opening} opening
   */
  start(opening) {
    this.adopt(opening.state);
    if (opening.badLink) this.views.toast.show(t("error.bad_link", { code: opening.badLink }));
  }

  /**
   * Answer an API refusal: adopt the state it carries, explain an illegal move.
   * @param {unknown} error
   */
  refused(error) {
    if (!(error instanceof ApiError)) {
      this.redraw();
      this.views.toast.show(t("error.network"));
      console.warn(error);
      return;
    }
    if (error.state) this.adopt(error.state);
    else this.redraw();
    if (error.code === "illegal_move") {
      if (this.state) this.explain(refusalMessage(error.error));
    } else if (error.code !== "stale_version") {
      // A stale version needs no words: the game as it now stands is on the board.
      this.views.toast.show(apiErrorMessage(error.error));
    }
  }

  /**
   * Decide a move once every earlier request is answered, so that the decision
   * uses the latest state, and send it; a refusal changes nothing and may be
   * explained.
   * @param {string} card
   * @param {(state: GameState) => string | null} decide the target, or null to send nothing
   * @returns {Promise<void>}
   */
  act(card, decide) {
    return this.enqueue(async () => {
      const state = this.state;
      const target = state && decide(state);
      if (!state || !target) return;
      // The hint goes; a drag's marks go as its cards slide (board.js releaseDrag).
      this.clearHint(["hinted"]);
      const answer = api.move(state.id, `${card}>${target}`, state.version);
      if (listed(state, card, target)) this.foresee(foreseen(state, card, target));
      try {
        this.adopt(await answer);
      } catch (error) {
        this.refused(error);
      }
    });
  }

  /**
   * Draw *board* in the next frame, before the answer to its move comes; the
   * answer, a refusal or any other state drawn first leaves it undrawn. The
   * request is sent before: a drawing in the release's own task would also be
   * laid out there (the click's hit test asks for it).
   * @param {GameState} board
   */
  foresee(board) {
    const token = {};
    this.foreseeing = token;
    requestAnimationFrame(() => {
      if (this.foreseeing === token) this.views.board.render(board);
    });
  }

  /**
   * Why a move was refused: shown with Interactive rules, and always said to
   * screen readers, who cannot see that nothing moved.
   * @param {string} words
   */
  explain(words) {
    if (this.views.settings.values.interactive_rules) this.views.toast.show(words);
    else this.views.announce(words);
  }

  /** @returns {Promise<void>} */
  undo() {
    return this.enqueue(async () => {
      const state = this.state;
      if (state && atUndoLimit(state)) this.views.toast.show(t("undo.limit"));
      if (!state || !state.can_undo) return;
      this.clearHint();
      try {
        this.adopt(await api.undo(state.id, state.version));
      } catch (error) {
        this.refused(error);
      }
    });
  }

  /**
   * Show a good move. Asked again for the same position, the same hint shows
   * again without a request: one move's hint counts once.
   * @returns {Promise<void>}
   */
  hint() {
    return this.enqueue(async () => {
      const state = this.state;
      if (!state || state.won) return;
      try {
        const same = this.lastHint && this.lastHint.game === state.id && this.lastHint.version === state.version;
        const answer = same && this.lastHint ? this.lastHint.answer : await api.hint(state.id, state.version);
        if (!same) this.adopt(answer.state);
        this.lastHint = { game: answer.state.id, version: answer.state.version, answer };
        this.clearHint();
        if (!answer.hint) {
          this.views.toast.show(t("hint.none"));
          return;
        }
        this.showHint(answer.hint.card, answer.hint.target);
      } catch (error) {
        this.refused(error);
      }
    });
  }

  /**
   * Show a hinted move on the board and say it in words: "Q♠ and the card on it to column 1."
   * @param {string} card
   * @param {string} target
   */
  showHint(card, target) {
    const board = this.views.board;
    const where = board.locate(card);
    const on = where && "column" in where ? board.groupOf(card).length - 1 : null;
    board.showHint(card, target);
    this.views.hint.show(card, target);
    this.views.toast.show(hintSentence(card, target, on, cardSymbol), HINT_MS, hintWords(card, target, on));
    this.hintTimer = window.setTimeout(() => this.clearHint(), HINT_MS);
  }

  /**
   * Stop showing the hint, and clear the board's marks: all of them, or those named.
   * @param {string[]} [marks]
   */
  clearHint(marks) {
    window.clearTimeout(this.hintTimer);
    this.views.hint.clear();
    this.views.board.clearMarks(marks);
  }

  /** @returns {Promise<void>} start this deal again from the beginning */
  replay() {
    return this.enqueue(async () => {
      if (!this.state) return;
      try {
        this.adopt(await api.replay(this.state.id));
      } catch (error) {
        this.refused(error);
      }
    });
  }

  /**
   * @param {string} id an unfinished game of the player's
   * @returns {Promise<void>} that game made the current one again, where it was; rejects with the ApiError
   */
  resume(id) {
    return this.enqueue(async () => this.adopt(await api.resume(id)));
  }

  /**
   * The game on the board as the server has it now, when it is game *id* (a
   * review shown on its Watch page counted as a hint in it).
   * @param {string} id
   * @returns {Promise<void>}
   */
  refresh(id) {
    return this.enqueue(async () => {
      if (this.state?.id === id) this.adopt(await api.getGame(id));
    });
  }

  /**
   * @param {string} id a game of the player's
   * @param {number} moves how many moves of its line to play
   * @returns {Promise<void>} a practice game of its deal at that position made the current game; rejects with the ApiError
   */
  practice(id, moves) {
    return this.enqueue(async () => this.adopt(await api.practice(id, moves)));
  }

  /**
   * @param {import("./dialogs.js").NewGameRequest} request
   * @returns {Promise<void>} rejects with the ApiError of a bad code
   */
  newGame(request) {
    return this.enqueue(async () => this.adopt(await api.createGame(request)));
  }

  /**
   * Tell the server the page was hidden or shown: the clock pauses meanwhile.
   * @param {boolean} hidden
   */
  visibility(hidden) {
    this.enqueue(async () => {
      if (!this.state) return;
      try {
        this.adopt(await api.visibility(this.state.id, hidden));
      } catch (error) {
        console.info("visibility not sent", error);
      }
    });
  }
}
