// @ts-check
//# allFunctionsCalledOnLoad
/**
 * Translation: every visible word comes from a catalog fetched at /i18n/{lang}.json
 * (format: src/yukon/i18n/README.md) through t(key, params).
 */
import { formatNumber, pluralCategory, setFormatLocale } from "./format.js";
import { href } from "./paths.js";

/** The languages offered, each named in its own language (the same in every catalog). */
export const LANGUAGES = /** @type {const} */ ({
  en: "English",
  sk: "Slovenčina",
  hu: "Magyar",
  ru: "Русский",
  is: "Íslenska",
  pt: "Português",
});
const FALLBACK = "en";
/** The BCP 47 tag of each language where it is more than the code: the Portuguese is European. */
const TAGS = /** @type {Record<string, string>} */ ({ pt: "pt-PT" });

/** @typedef {string | Record<string, string>} Entry */
/** @typedef {Record<string, Entry>} Catalog */
/** @typedef {Record<string, string | number>} Params */

/** @type {Catalog} */
let catalog = {};
/** @type {Catalog} */
let fallback = {};
let language = FALLBACK;

/**
 * @param {string | null | undefined} wanted a language code, or null to follow the browser
 * @returns {string} the supported language to use
 */
export function chooseLanguage(wanted) {
  const candidates = wanted ? [wanted] : [...navigator.languages, navigator.language];
  for (const candidate of candidates) {
    const base = (candidate || "").toLowerCase().split("-")[0];
    if (base in LANGUAGES) return base;
  }
  return FALLBACK;
}

/**
 * @returns {string | null} the language a link's ?lang= names (as "?lang=pt-PT" or
 *   "?lang=is"), or null when it names none of the app's languages
 */
export function linkedLanguage() {
  const wanted = new URLSearchParams(location.search).get("lang");
  const base = (wanted ?? "").toLowerCase().split("-")[0];
  return base in LANGUAGES ? base : null;
}

/**
 * @param {string} lang
 * @returns {Promise<Catalog | null>} the catalog, or null when it cannot be had
 */
async function fetchCatalog(lang) {
  try {
    const response = await fetch(href(`/i18n/${lang}.json`), { headers: { Accept: "application/json" } });
    return response.ok ? /** @type {Catalog} */ (await response.json()) : null;
  } catch {
    return null;
  }
}

/**
 * Load *lang*'s catalog; English fills any key it lacks, and stands in for a
 * missing catalog.
 * @param {string} lang
 * @returns {Promise<string>} the language now in use
 */
export async function loadLanguage(lang) {
  const english = Object.keys(fallback).length ? fallback : fetchCatalog(FALLBACK);
  const wanted = lang === FALLBACK ? english : fetchCatalog(lang);
  fallback = (await english) ?? {};
  const loaded = await wanted;
  language = loaded ? lang : FALLBACK;
  catalog = loaded ?? fallback;
  setFormatLocale(language);
  document.documentElement.lang = TAGS[language] ?? language;
  return language;
}

/** @returns {string} the language in use */
export function currentLanguage() {
  return language;
}

/**
 * The text of *key* with its {name} placeholders filled; a plural entry picks
 * its form by params.count. Numbers are formatted the locale's way.
 * @param {string} key
 * @param {Params} [params]
 * @returns {string}
 */
export function t(key, params = {}) {
  let entry = catalog[key] ?? fallback[key];
  if (entry === undefined) {
    console.error(`missing translation: ${key}`);
    return key;
  }
  if (typeof entry === "object") {
    const category = pluralCategory(Number(params.count ?? 0));
    entry = entry[category] ?? entry.other;
  }
  return entry.replace(/\{(\w+)\}/g, (whole, name) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === "number" ? formatNumber(value) : value;
  });
}

/** @returns {boolean} whether *key* exists */
export function hasKey(/** @type {string} */ key) {
  return key in catalog || key in fallback;
}

const ATTRIBUTES = [
  ["i18nTitle", "title"],
  ["i18nAriaLabel", "aria-label"],
  ["i18nPlaceholder", "placeholder"],
];

/**
 * Fill every element under *root* marked with data-i18n (text) or
 * data-i18n-title / -aria-label / -placeholder (attributes).
 * @param {ParentNode} root
 */
export function translateTree(root) {
  for (const node of root.querySelectorAll("[data-i18n]")) {
    const key = /** @type {HTMLElement} */ (node).dataset.i18n;
    if (key) node.textContent = t(key);
  }
  for (const [data, attribute] of ATTRIBUTES) {
    const selector = `[data-${data.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}]`;
    for (const node of root.querySelectorAll(selector)) {
      const key = /** @type {HTMLElement} */ (node).dataset[data];
      if (key) node.setAttribute(attribute, t(key));
    }
  }
}
