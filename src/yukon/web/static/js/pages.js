// @ts-check
/**
 * The Rules and FAQ pages: sections of marked-up catalog text, in order.
 * The Examples page lives in examples.js.
 */
import { t } from "./i18n.js";
import { renderMarkup } from "./markup.js";

/** Each page's catalog keys, in reading order; each value starts with a "## " heading. */
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
    "rules.relaxed",
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
  article.replaceChildren(title, ...PAGE_SECTIONS[name].map(section), backLink());
}

/** @returns {HTMLElement} a link back to the game */
export function backLink() {
  const paragraph = document.createElement("p");
  paragraph.className = "page-back";
  const link = document.createElement("a");
  link.href = "/";
  link.dataset.route = "/";
  link.textContent = t("page.back");
  paragraph.append(link);
  return paragraph;
}
