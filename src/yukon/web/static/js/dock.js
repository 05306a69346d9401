// @ts-check
//# allFunctionsCalledOnLoad
/**
 * Where the short messages and the no-move notice show (SPEC §5: no notice or
 * toast ever covers a button or a card). They share one place, `#messages`:
 * a band at the bottom of the window, the message over the notice, that the
 * board leaves free (its columns end above it); or, in a window too low to
 * spare a band (a phone held sideways, where the columns need every row), the
 * free middle of the toolbar, when the words fit there.
 */
import { byId } from "./dialogs.js";

/** A window at most this high shows the messages in the toolbar. */
const SHORT_WINDOW = 560;
/** The least width of the toolbar's free middle that the messages go to. */
const LEAST_WIDTH = 200;
/** Room kept between the messages and the buttons or cards round them. */
const MARGIN = 8;

/** @typedef {{left: number, top: number, width: number, height: number}} Place */

export class MessageDock {
  /** @param {() => void} moved called when the messages show, go or move: the board makes room */
  constructor(moved) {
    this.node = byId("messages");
    this.message = byId("message");
    this.notice = byId("notice");
    this.inBar = false;
    const observer = new MutationObserver(() => {
      this.place();
      moved();
    });
    for (const node of [this.message, this.notice]) {
      observer.observe(node, { attributes: true, childList: true, characterData: true, subtree: true });
    }
  }

  /** @returns {boolean} whether a message or the notice shows */
  showing() {
    return !this.message.hidden || !this.notice.hidden;
  }

  /**
   * Put the messages in the toolbar's free middle where the window is low and
   * they fit there, the toolbar growing below its buttons for words that need
   * more lines than its height; else in the band at the bottom. Called when
   * they change, and when the window or the toolbar does.
   */
  place() {
    const bar = /** @type {HTMLElement} */ (document.querySelector(".bar"));
    const style = this.node.style;
    for (const side of ["left", "top", "width", "min-height"]) style.removeProperty(side);
    bar.style.removeProperty("margin-bottom");
    const gap = window.innerHeight <= SHORT_WINDOW && this.showing() ? this.toolbarGap(bar) : null;
    this.inBar = !!gap && gap.width >= LEAST_WIDTH;
    this.node.classList.toggle("in-bar", this.inBar);
    if (!gap || !this.inBar) return;
    style.left = `${gap.left}px`;
    style.top = `${gap.top}px`;
    style.width = `${gap.width}px`;
    style.minHeight = `${gap.height}px`;
    const extra = this.node.offsetHeight - gap.height;
    // Words too wide or too long for the toolbar go to the band.
    if (this.node.scrollWidth > this.node.clientWidth || extra > gap.height) {
      this.node.classList.remove("in-bar");
      this.inBar = false;
      for (const side of ["left", "top", "width", "min-height"]) style.removeProperty(side);
    } else if (extra > 0) bar.style.marginBottom = `${extra}px`;
  }

  /**
   * @param {HTMLElement} bar the toolbar
   * @returns {Place | null} the widest stretch of the toolbar between two of
   *   its buttons (the menu's included), less a margin on each side
   */
  toolbarGap(bar) {
    const box = bar.getBoundingClientRect();
    const buttons = [...bar.querySelectorAll(".tool")]
      .map((button) => button.getBoundingClientRect())
      .filter((rect) => rect.width > 0)
      .sort((one, other) => one.left - other.left);
    /** @type {Place | null} */
    let widest = null;
    for (let index = 1; index < buttons.length; index += 1) {
      const left = buttons[index - 1].right + MARGIN;
      const width = buttons[index].left - MARGIN - left;
      if (!widest || width > widest.width) widest = { left, top: box.top + 2, width, height: box.height - 4 };
    }
    return widest;
  }

  /**
   * @returns {number} how much of the window's bottom the messages take (with a
   *   margin above them): nothing while they show in the toolbar or not at all
   */
  covered() {
    if (this.inBar || !this.showing()) return 0;
    return Math.max(0, window.innerHeight - this.node.getBoundingClientRect().top + MARGIN);
  }
}
