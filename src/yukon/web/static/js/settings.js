// @ts-check
/**
 * The player's settings, kept by the server per player (GET/PUT /api/v1/settings).
 */
import { api } from "./api.js";

/** @typedef {import("./api.js").Settings} Settings */

/** The defaults of SPEC §5, used until the server answers. */
export const DEFAULT_SETTINGS = Object.freeze({
  double_click: true,
  one_tap: false,
  placement_help: true,
  interactive_rules: true,
  auto_placement: false,
  four_color: false,
  left_handed: false,
  language: /** @type {string | null} */ (null),
});

/** The toggles, in the order the settings window lists them. */
export const TOGGLES = /** @type {const} */ ([
  "double_click",
  "one_tap",
  "placement_help",
  "interactive_rules",
  "auto_placement",
  "four_color",
  "left_handed",
]);

export class SettingsStore {
  constructor() {
    /** @type {Settings} */
    this.values = { ...DEFAULT_SETTINGS };
    /** @type {Set<(values: Settings) => void>} */
    this.listeners = new Set();
  }

  /** Fetch the player's settings; the defaults stay when the server cannot answer. */
  async load() {
    try {
      this.values = { ...DEFAULT_SETTINGS, ...(await api.getSettings()) };
    } catch (error) {
      console.info("settings unavailable, using defaults", error);
    }
  }

  /**
   * Change some settings and keep them on the server.
   * @param {Partial<Settings>} change
   */
  async update(change) {
    this.values = { ...this.values, ...change };
    this.notify();
    this.values = { ...DEFAULT_SETTINGS, ...(await api.putSettings(change)) };
  }

  /** @param {(values: Settings) => void} listener */
  subscribe(listener) {
    this.listeners.add(listener);
  }

  notify() {
    for (const listener of this.listeners) listener(this.values);
  }
}
