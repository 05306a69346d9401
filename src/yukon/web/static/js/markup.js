// @ts-check
/**
 * The tiny markup of the page texts in the catalogs (src/yukon/i18n/README.md),
 * turned into DOM nodes; catalog text never reaches innerHTML.
 *
 * Blocks are separated by a blank line: "## " starts a heading, lines that all
 * start with "- " make a list, anything else a paragraph. Inline: **bold**,
 * `code`, and [[7H]] for a small card picture.
 */
import { makeCardPicture } from "./cards.js";
import { cardName } from "./messages.js";

const INLINE = /(\*\*[^*]+\*\*|`[^`]+`|\[\[[2-9TJQKA][SHDC]\]\])/;

/**
 * @param {string} text one line of marked-up text
 * @returns {Node[]}
 */
export function renderInline(text) {
  /** @type {Node[]} */
  const nodes = [];
  for (const part of text.split(INLINE)) {
    if (!part) continue;
    if (part.startsWith("**") && part.endsWith("**") && part.length > 4) {
      const strong = document.createElement("strong");
      strong.textContent = part.slice(2, -2);
      nodes.push(strong);
    } else if (part.startsWith("`") && part.endsWith("`") && part.length > 2) {
      const code = document.createElement("code");
      code.textContent = part.slice(1, -1);
      nodes.push(code);
    } else if (/^\[\[[2-9TJQKA][SHDC]\]\]$/.test(part)) {
      nodes.push(makeCardPicture(part.slice(2, 4), cardName(part.slice(2, 4))));
    } else {
      nodes.push(document.createTextNode(part));
    }
  }
  return nodes;
}

/**
 * @param {string} block
 * @returns {HTMLElement}
 */
function renderBlock(block) {
  const lines = block.split("\n");
  if (block.startsWith("## ")) {
    const heading = document.createElement("h2");
    heading.append(...renderInline(block.slice(3)));
    return heading;
  }
  if (lines.every((line) => line.startsWith("- "))) {
    const list = document.createElement("ul");
    for (const line of lines) {
      const item = document.createElement("li");
      item.append(...renderInline(line.slice(2)));
      list.append(item);
    }
    return list;
  }
  const paragraph = document.createElement("p");
  paragraph.append(...renderInline(lines.join(" ")));
  return paragraph;
}

/**
 * @param {string} text marked-up text of any number of blocks
 * @returns {DocumentFragment}
 */
export function renderMarkup(text) {
  const fragment = document.createDocumentFragment();
  for (const block of text.split(/\n\s*\n/)) {
    const trimmed = block.trim();
    if (trimmed) fragment.append(renderBlock(trimmed));
  }
  return fragment;
}
