// @ts-check
/**
 * What the server says about the rules (GET /api/v1/rules): the rule sets, in
 * the New game window's order, the limits the app shows, and the words of the
 * one refusal the app writes without asking the server (a double tap that finds
 * no place). The browser keeps no list of rule sets of its own: a rule set's
 * names are the catalog's `new.{id}`, `new.{id}_note` and `stats.{id}`.
 */
import { api } from "./api.js";
import { t } from "./i18n.js";

/** @typedef {import("./api.js").Registry} Registry */

/** @type {Registry | null} */
let registry = null;

/**
 * Load the registry with its words in *lang* (again after a change of language).
 * @param {string} lang
 * @returns {Promise<Registry>}
 */
export async function loadRegistry(lang) {
  registry = await api.registry(lang);
  return registry;
}

/** @returns {Registry} the registry loaded at start */
export function rules() {
  if (!registry) throw new Error("the rule sets are not loaded yet");
  return registry;
}

/** @returns {string[]} the rule sets' ids, the default first */
export function ruleSetIds() {
  return rules().rule_sets.map((set) => set.id);
}

/**
 * @param {string} id a rule set's id, as a game's `rules`
 * @returns {string} its name in the current language ("Classic")
 */
export function rulesName(id) {
  return t(`new.${id}`);
}

/**
 * Why a double tap found no place for the card, in the server's words.
 * @param {string} card
 * @param {string} id the game's rule set
 * @returns {string}
 */
export function noPlaceMessage(card, id) {
  const set = rules().rule_sets.find((candidate) => candidate.id === id);
  return set?.no_place[card] ?? t("refusal.other");
}

/**
 * The New game window's choice of rules, one radio button per rule set.
 * @param {HTMLElement} fieldset where the choices go, after its legend
 */
export function fillRuleChoices(fieldset) {
  const { default_rules: chosen } = rules();
  const labels = ruleSetIds().map((id) => {
    const label = document.createElement("label");
    label.className = "choice";
    const input = document.createElement("input");
    Object.assign(input, { type: "radio", name: "rules", value: id, checked: id === chosen });
    const text = document.createElement("span");
    const name = document.createElement("b");
    name.dataset.i18n = `new.${id}`;
    const note = document.createElement("small");
    note.dataset.i18n = `new.${id}_note`;
    text.append(name, " ", note);
    label.append(input, text);
    return label;
  });
  fieldset.querySelectorAll("label").forEach((label) => label.remove());
  fieldset.append(...labels);
}
