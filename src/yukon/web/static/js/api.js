// @ts-check
//# allFunctionsCalledOnLoad
/**
 * The client of the JSON API (docs/api.md). Every call answers the parsed body
 * or throws an ApiError that carries the server's error object and, when the
 * server sent one, the game's current state.
 */
import { currentLanguage } from "./i18n.js";
import { href } from "./paths.js";

/**
 * @typedef {object} Column
 * @property {number} hidden  face-down cards at the bottom (only counted)
 * @property {string[]} cards the face-up cards, bottom to top
 *
 * @typedef {object} Foundation
 * @property {string} suit
 * @property {number} height
 * @property {string | null} top
 *
 * @typedef {object} GameState
 * @property {string} id
 * @property {string} code
 * @property {string} rules  a rule set's id (see Registry)
 * @property {number} version
 * @property {Column[]} columns
 * @property {Foundation[]} foundations
 * @property {Record<string, string[]>} targets   where each movable card may go
 * @property {Record<string, string>} double_tap  where a double tap sends a card
 * @property {number} score
 * @property {number} moves
 * @property {number} undos
 * @property {number} hints
 * @property {number} elapsed_ms
 * @property {boolean} clock_running
 * @property {"in_play" | "no_legal_move" | "won"} outcome  the engine's word on the game
 * @property {boolean} won
 * @property {boolean} can_undo
 * @property {boolean} no_legal_moves
 * @property {string} record
 * @property {string | null} daily  the day (YYYY-MM-DD) of the daily deal this game plays, or null
 * @property {boolean} daily_late  a daily deal started after its day: it counts for the calendar, not the streak
 * @property {boolean} [practice]  a game begun by *Try from here*: it counts neither toward streaks nor bests
 *
 * @typedef {object} Review where a game that was not won went wrong (SPEC §6)
 * @property {string[]} line  the game's moves, its undos taken out
 * @property {number | null} last_winnable  K: the moves of the line played while a win was still in reach
 * @property {string | null} losing_move    the line's move K + 1, after which no win was left
 * @property {string | null} better_move    a move from position K that keeps the game winnable
 * @property {string[]} winning_line        moves from position K to a win
 * @property {"found" | "won" | "still_winnable" | "lost_from_the_deal" | "unknown"} status
 * @property {[number, number] | null} unknown_between  the first and last positions the solver could not decide
 * @property {number | null} par  for a won game: the fewest moves of a win the solver found
 * @property {number} solver_calls
 * @property {number} states
 *
 * @typedef {object} Settings
 * @property {boolean} double_click
 * @property {boolean} one_tap        a single tap plays the card's best move
 * @property {boolean} placement_help
 * @property {boolean} interactive_rules
 * @property {boolean} auto_placement
 * @property {boolean} four_color     the four-colour deck: ♦ blue, ♣ green
 * @property {boolean} left_handed    the foundations on the left
 * @property {string | null} language
 *
 * @typedef {object} ErrorBody
 * @property {string} code     e.g. "illegal_move", "invalid_code", "stale_version"
 * @property {string} message  in the player's language where a player may read it
 * @property {string} [reason] the rule that refused a move
 * @property {string} [problem] what is wrong with a game code
 * @property {string | null} [card]
 * @property {string | null} [target]
 * @property {number | null} [column]
 * @property {number} [count]
 *
 * @typedef {object} Hint
 * @property {string} move
 * @property {string} card
 * @property {string} target
 *
 * @typedef {object} ReplayStep
 * @property {string | null} move
 * @property {Column[]} columns
 * @property {Foundation[]} foundations
 * @property {number} score
 *
 * @typedef {object} RecordReplay
 * @property {string} code
 * @property {ReplayStep[]} steps
 * @property {(ErrorBody & {position: number, text: string}) | null} error
 *
 * @typedef {object} Analysis
 * @property {"won" | "unwinnable" | "unknown"} status
 * @property {number} states
 * @property {number} seconds
 *
 * @typedef {object} GameSummary one game of the player's list
 * @property {string} id
 * @property {string} code
 * @property {string} rules
 * @property {boolean} won
 * @property {number} score
 * @property {number} moves
 * @property {number} elapsed_ms
 * @property {number} created  seconds since 1970
 * @property {number} updated
 * @property {string | null} daily
 * @property {boolean} [practice]  begun by *Try from here*
 *
 * @typedef {object} RulesStats the player's figures under one rule set
 * @property {number} played
 * @property {number} won
 * @property {number | null} win_rate  from 0 to 1; null before any game is played
 * @property {number} current_streak
 * @property {number} best_streak
 * @property {number | null} best_score
 * @property {number | null} fastest_win_ms
 * @property {number | null} fewest_moves  of a win
 * @property {DailyStats} daily
 *
 * @typedef {object} DailyStats the daily deal's streaks and calendar under one rule set
 * @property {number} current_streak  days in a row whose deal was won on the day
 * @property {number} best_streak
 * @property {string[]} won       the days (YYYY-MM-DD) whose deal was won on the day
 * @property {string[]} won_late  the days whose deal was won only later
 *
 * @typedef {object} DailyCodes the daily deal of a day under every rule set
 * @property {string} date   YYYY-MM-DD
 * @property {string} today  the day whose deal is out now (UTC)
 * @property {string} first  the first day that has a daily deal
 * @property {Record<string, string>} codes  by rule set's id
 *
 * @typedef {object} DailyFigures a day's figures, without names
 * @property {string} date
 * @property {string} rules
 * @property {number} players  how many won the deal (each by their first game of it)
 * @property {number | null} median_ms
 * @property {number | null} median_moves
 * @property {number | null} mine_ms      the asking player's time, when their first game of it is won
 * @property {number | null} faster_than  the share of the other winners that player beat, in %
 *
 * @typedef {Record<string, RulesStats>} Stats  by rule set's id
 *
 * @typedef {object} RuleSetInfo
 * @property {string} id       stable: "classic", "relaxed" …
 * @property {string} letter   its letter in game codes
 * @property {Record<string, string>} no_place  per card, why a double tap found it no place
 *
 * @typedef {object} Registry  the rule sets and the limits, from the server
 * @property {RuleSetInfo[]} rule_sets  in the New game window's order
 * @property {string} default_rules
 * @property {number} max_group
 * @property {number} max_replay_moves
 * @property {string} undo_token  a record's word for an undo
 */

/** A refusal from the server: status, its error object and maybe the game state. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {ErrorBody} error
   * @param {GameState | undefined} state
   */
  constructor(status, error, state) {
    super(error.message);
    this.status = status;
    this.error = error;
    this.state = state;
  }

  /** @returns {string} the stable error code */
  get code() {
    return this.error.code;
  }
}

/** The longest wait before asking again, whatever `Retry-After` says. */
const MOST_RETRY_WAIT_MS = 10_000;

/**
 * How long to wait before asking again when the server says it cannot answer
 * now but will soon (503 with `Retry-After` in seconds: its database is locked
 * by another program), or null when it says no such thing.
 * @param {Response} response
 * @returns {number | null} milliseconds
 */
function retryWait(response) {
  const after = response.headers.get("Retry-After");
  if (response.status !== 503 || after === null || !/^[0-9]+$/.test(after)) return null;
  return Math.min(Number(after) * 1000, MOST_RETRY_WAIT_MS);
}

/**
 * @param {string} method
 * @param {string} path
 * @param {object} [body]
 * @param {boolean} [keepalive] let the request outlive the page (sent while it is being hidden)
 * @returns {Promise<any>}
 */
async function request(method, path, body, keepalive = false) {
  // The language shown, so that the server's words (a refusal) are in it when no choice is saved.
  const headers = { Accept: "application/json", "Accept-Language": currentLanguage() };
  /** @type {RequestInit} */
  const init = { method, headers, credentials: "same-origin", keepalive };
  if (body !== undefined) {
    init.headers = { ...init.headers, "Content-Type": "application/json" };
    init.body = JSON.stringify(body);
  }
  const url = href(`/api/v1${path}`);
  let response = await fetch(url, init);
  // Asked to come back soon: once, after the wait asked for; a second refusal is said.
  const wait = retryWait(response);
  if (wait !== null) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    response = await fetch(url, init);
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = data?.error ?? { code: "http_error", message: `HTTP ${response.status}` };
    throw new ApiError(response.status, error, data?.state);
  }
  return data;
}

const games = "/games";

/** The API's endpoints, one function each. */
export const api = {
  /**
   * @param {{rules?: string, winnable?: boolean, code?: string, daily?: string}} deal a random
   *     deal under rules, a code's, or a day's daily deal under rules (the player's unfinished game of it, if any)
   * @returns {Promise<GameState>}
   */
  createGame: (deal) => request("POST", games, deal),
  /** @returns {Promise<GameState>} the player's current game (ApiError 404 when none) */
  currentGame: () => request("GET", `${games}/current`),
  /** @returns {Promise<{games: GameSummary[]}>} the player's games, newest first */
  listGames: (/** @type {number} */ limit) => request("GET", `${games}?limit=${limit}`),
  /** @returns {Promise<GameState>} one of the player's games */
  getGame: (/** @type {string} */ id) => request("GET", `${games}/${encodeURIComponent(id)}`),
  /** @returns {Promise<GameState>} */
  move: (/** @type {string} */ id, /** @type {string} */ move, /** @type {number} */ version) =>
    request("POST", `${games}/${id}/moves`, { move, version }),
  /** @returns {Promise<GameState>} */
  undo: (/** @type {string} */ id, /** @type {number} */ version) =>
    request("POST", `${games}/${id}/undo`, { version }),
  /** @returns {Promise<{hint: Hint | null, state: GameState}>} */
  hint: (/** @type {string} */ id, /** @type {number} */ version) =>
    request("POST", `${games}/${id}/hint`, { version }),
  /** @returns {Promise<GameState>} a new game of the same deal */
  replay: (/** @type {string} */ id) => request("POST", `${games}/${id}/replay`, {}),
  /** @returns {Promise<GameState>} an unfinished game of the player's, made the current game again */
  resume: (/** @type {string} */ id) => request("POST", `${games}/${id}/resume`, {}),
  /** @returns {Promise<GameState>} */
  visibility: (/** @type {string} */ id, /** @type {boolean} */ hidden) =>
    request("POST", `${games}/${id}/visibility`, { hidden }, true),
  /** @returns {Promise<Analysis>} */
  analysis: (/** @type {string} */ id) => request("GET", `${games}/${id}/analysis`),
  /** @returns {Promise<Review>} where the game went wrong: the solver's answer, which may take seconds */
  review: (/** @type {string} */ id) => request("GET", `${games}/${encodeURIComponent(id)}/review`),
  /** @returns {Promise<GameState>} a practice game of the same deal, its first *moves* moves of the line played */
  practice: (/** @type {string} */ id, /** @type {number} */ moves) =>
    request("POST", `${games}/${encodeURIComponent(id)}/practice`, { moves }),
  /** @returns {Promise<RecordReplay>} every position along a record */
  replayRecord: (/** @type {string} */ record) => request("POST", "/records/replay", { record }),
  /** @returns {Promise<Registry>} the rule sets and limits, the words in *lang* */
  registry: (/** @type {string} */ lang) => request("GET", `/rules?language=${encodeURIComponent(lang)}`),
  /** @returns {Promise<Stats>} the player's statistics per rule set */
  stats: () => request("GET", "/stats"),
  /** @returns {Promise<DailyCodes>} today's daily deals (UTC) */
  daily: () => request("GET", "/daily"),
  /** @returns {Promise<DailyFigures>} the figures of a day's daily deal under *rules* */
  dailyFigures: (/** @type {string} */ rules, /** @type {string} */ date) =>
    request("GET", `/daily/figures?rules=${encodeURIComponent(rules)}&date=${encodeURIComponent(date)}`),
  /** @returns {Promise<Settings>} */
  getSettings: () => request("GET", "/settings"),
  /** @returns {Promise<{deleted_games: number}>} every game, statistic and setting of the player deleted */
  deletePlayer: () => request("DELETE", "/player", {}),
  /** @returns {Promise<Settings>} all the settings after the change */
  putSettings: (/** @type {Partial<Settings>} */ change) => request("PUT", "/settings", change),
};
