// @ts-check
/**
 * The Rules and FAQ pages: sections of marked-up catalog text, in order; and
 * the small pieces every page is built of. The Examples page lives in
 * examples.js, Statistics in stats.js, the game history in history.js and
 * watch.js.
 */
import { t } from "./i18n.js";
import { renderMarkup } from "./markup.js";
import { href } from "./paths.js";
import { ruleSetIds, rules } from "./rulesets.js";

/**
 * Each page's catalog keys, in reading order; each value starts with a "## " heading.
 * The Rules page adds a section for each rule set but the default (`rules.{id}`),
 * after the win: the rule sets are the server's, not listed here.
 */
export const PAGE_SECTIONS = Object.freeze({
  rules: [
    "rules.intro",
    "rules.deal",
    "rules.tableau",
    "rules.empty",
    "rules.turning",
    "rules.foundations",
    "rules.take_back",
    "rules.group_limit",
    "rules.win",
    "rules.scoring",
    "rules.playing",
  ],
  faq: [
    "faq.code",
    "faq.shuffle",
    "faq.check",
    "faq.rules",
    "faq.scoring",
    "faq.undo",
    "faq.group",
    "faq.autoplay",
    "faq.time",
    "faq.lost",
    "faq.winnable",
    "faq.daily",
    "faq.nothing_lost",
  ],
});

/**
 * @param {string} key
 * @returns {HTMLElement}
 */
function section(key) {
  const node = document.createElement("section");
  node.dataset.key = key;
  node.append(renderMarkup(t(key)));
  return node;
}

/**
 * Fill *article* with a text page.
 * @param {HTMLElement} article
 * @param {"rules" | "faq"} name
 */
export function renderTextPage(article, name) {
  const title = document.createElement("h1");
  title.textContent = t(`page.${name}.title`);
  article.replaceChildren(title, ...sectionKeys(name).map(section), backLink());
}

/**
 * @param {"rules" | "faq"} name
 * @returns {string[]} the page's catalog keys, the rule sets' sections included
 */
function sectionKeys(name) {
  const keys = [...PAGE_SECTIONS[name]];
  if (name === "rules") {
    const others = ruleSetIds().filter((id) => id !== rules().default_rules);
    keys.splice(keys.indexOf("rules.win") + 1, 0, ...others.map((id) => `rules.${id}`));
  }
  return keys;
}

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} [className]
 * @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function element(tag, className = "", text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * A page that loads what it shows from the server: once the player has left it
 * (close), an answer that comes late draws nothing.
 */
export class LoadedPage {
  /** @param {HTMLElement} article */
  constructor(article) {
    this.article = article;
    this.closed = false;
  }

  close() {
    this.closed = true;
  }
}

/**
 * @param {string} path an address of the app, such as "/history"
 * @param {string} text
 * @returns {HTMLAnchorElement} a link the app follows without reloading the page
 */
export function routeLink(path, text) {
  const link = element("a", "", text);
  link.href = href(path);
  link.dataset.route = path;
  return link;
}

/** @returns {HTMLElement} a link back to the game */
export function backLink() {
  const paragraph = element("p", "page-back");
  paragraph.append(routeLink("/", t("page.back")));
  return paragraph;
}

/**
 * @param {string} path
 * @param {string} key the catalog key of the link's words
 * @returns {HTMLElement} a link to another page of the app, and the link back to the game
 */
export function pageLinks(path, key) {
  const paragraph = backLink();
  paragraph.prepend(routeLink(path, t(key)), " · ");
  return paragraph;
}
