// @ts-check
/**
 * The daily deal's calendar (SPEC §6), a month at a time: the days whose deal
 * the player won on the day, those won only later, and today. Every day from
 * the first daily deal to today is a button that plays its deal; a day to come
 * is shown but does nothing.
 *
 * It is a grid as the ARIA authoring practices' date picker draws one: a table
 * whose column heads name the days of the week, one tab stop (the arrow keys
 * move between days, Home and End to the week's ends, Page Up and Page Down to
 * the months around), each day named in full with what became of it ("6
 * December 2026, won on the day"), and the month's name read out when it
 * changes.
 */
import { calendarWeek, formatLongDate, formatYearMonth } from "./format.js";
import { t } from "./i18n.js";
import { element } from "./pages.js";
import { dayDate, isoDay } from "./daily.js";

/** @typedef {"won" | "late" | "open" | "off"} DayState */

/** What each state's day says after its date. */
const STATE_WORDS = /** @type {const} */ ({
  won: "calendar.won",
  late: "calendar.late",
  open: "calendar.open",
  off: "calendar.off",
});

/** The legend: the marked states and their words. */
const LEGEND = /** @type {const} */ ([
  ["won", "calendar.won_legend"],
  ["late", "calendar.late_legend"],
]);

/** Numbers the calendars drawn, for their titles' ids. */
let drawn = 0;

const KEY_STEPS = /** @type {Record<string, number>} */ ({ ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 });

/**
 * @param {Date} date
 * @param {number} days
 * @returns {Date} the day *days* after *date* (before, when negative)
 */
function addDays(date, days) {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/**
 * @param {Date} date
 * @param {number} months
 * @returns {Date} the same day of the month *months* later, or the month's last day
 */
function addMonths(date, months) {
  const last = new Date(date.getFullYear(), date.getMonth() + months + 1, 0).getDate();
  return new Date(date.getFullYear(), date.getMonth() + months, Math.min(date.getDate(), last));
}

/** @param {Date} date @returns {number} its day of the week: 0 Monday … 6 Sunday */
function weekday(date) {
  return (date.getDay() + 6) % 7;
}

export class DailyCalendar {
  /**
   * @param {object} days
   * @param {string} days.first the first day that has a daily deal (YYYY-MM-DD)
   * @param {string} days.today the day whose deal is out now
   * @param {string[]} days.won the days won on the day
   * @param {string[]} days.late the days won only later
   * @param {(day: string) => void} play plays the deal of a day
   */
  constructor({ first, today, won, late }, play) {
    this.first = dayDate(first);
    this.today = dayDate(today);
    this.won = new Set(won);
    this.late = new Set(late);
    this.play = play;
    /** The day that holds the grid's one tab stop; its month is the month shown. */
    this.focused = this.today;
    this.root = element("section", "calendar");
    this.title = element("h3", "calendar-title");
    drawn += 1;
    this.title.id = `calendar-title-${drawn}`;
    this.title.setAttribute("aria-live", "polite");
    this.previous = this.monthButton("calendar.previous", "‹", -1);
    this.next = this.monthButton("calendar.next", "›", 1);
    const head = element("div", "calendar-head");
    head.append(this.previous, this.title, this.next);
    this.table = element("table", "calendar-grid");
    this.table.setAttribute("role", "grid");
    this.table.setAttribute("aria-labelledby", this.title.id);
    this.table.addEventListener("keydown", (event) => this.key(event));
    this.root.append(head, element("p", "calendar-hint", t("calendar.hint")), this.table, this.legend());
    this.draw(false);
  }

  /**
   * @param {string} key the catalog key of its name
   * @param {string} symbol
   * @param {number} months
   * @returns {HTMLButtonElement}
   */
  monthButton(key, symbol, months) {
    const button = element("button", "calendar-month", symbol);
    button.type = "button";
    button.setAttribute("aria-label", t(key));
    button.title = t(key);
    button.addEventListener("click", () => this.moveTo(addMonths(this.focused, months), false));
    return button;
  }

  /** @returns {HTMLElement} what the marks on the days mean */
  legend() {
    const list = element("ul", "calendar-legend");
    for (const [state, key] of LEGEND) {
      const item = element("li");
      item.append(element("span", `calendar-mark ${state}`), t(key));
      list.append(item);
    }
    return list;
  }

  /**
   * @param {Date} date
   * @returns {DayState}
   */
  state(date) {
    const day = isoDay(date);
    if (this.won.has(day)) return "won";
    if (this.late.has(day)) return "late";
    return date < this.first || date > this.today ? "off" : "open";
  }

  /**
   * Show the month of *date*, with the tab stop on it.
   * @param {Date} date
   * @param {boolean} focus whether the day takes the focus (moved there by a key)
   */
  moveTo(date, focus) {
    const earliest = new Date(this.first.getFullYear(), this.first.getMonth(), 1);
    const latest = new Date(this.today.getFullYear(), this.today.getMonth() + 1, 0);
    this.focused = date < earliest ? earliest : date > latest ? latest : date;
    this.draw(focus);
  }

  /** @param {boolean} focus */
  draw(focus) {
    const month = new Date(this.focused.getFullYear(), this.focused.getMonth(), 1);
    this.title.textContent = formatYearMonth(month);
    this.previous.disabled = month <= this.first;
    this.next.disabled = addMonths(month, 1) > this.today;
    const week = calendarWeek();
    const heads = element("tr");
    for (const { short, name } of week) {
      const head = element("th", "", short);
      head.scope = "col";
      head.abbr = name;
      heads.append(head);
    }
    const thead = element("thead");
    thead.append(heads);
    const body = element("tbody");
    // From the week's first day on or before the 1st to the end of the month's last week.
    let date = addDays(month, -((weekday(month) - week[0].day + 7) % 7));
    while (date.getMonth() === month.getMonth() || date < month) {
      const row = element("tr");
      for (let column = 0; column < 7; column += 1, date = addDays(date, 1)) {
        row.append(date.getMonth() === month.getMonth() ? this.cell(date) : element("td"));
      }
      body.append(row);
    }
    this.table.replaceChildren(thead, body);
    if (focus) /** @type {HTMLElement | null} */ (this.table.querySelector('[tabindex="0"]'))?.focus();
  }

  /**
   * @param {Date} date
   * @returns {HTMLTableCellElement}
   */
  cell(date) {
    const state = this.state(date);
    const button = element("button", `calendar-day ${state}`, String(date.getDate()));
    button.type = "button";
    button.dataset.day = isoDay(date);
    button.tabIndex = date.getTime() === this.focused.getTime() ? 0 : -1;
    button.setAttribute("aria-label", t(STATE_WORDS[state], { date: formatLongDate(date) }));
    if (date.getTime() === this.today.getTime()) button.setAttribute("aria-current", "date");
    if (state === "off") button.setAttribute("aria-disabled", "true");
    else button.addEventListener("click", () => this.play(isoDay(date)));
    const cell = element("td");
    cell.append(button);
    return cell;
  }

  /** @param {KeyboardEvent} event */
  key(event) {
    const target = /** @type {HTMLElement} */ (event.target);
    if (!target.dataset.day) return;
    const date = dayDate(target.dataset.day);
    const first = calendarWeek()[0].day;
    /** @type {Date | null} */
    let next = null;
    if (event.key in KEY_STEPS) next = addDays(date, KEY_STEPS[event.key]);
    else if (event.key === "Home") next = addDays(date, -((weekday(date) - first + 7) % 7));
    else if (event.key === "End") next = addDays(date, 6 - ((weekday(date) - first + 7) % 7));
    else if (event.key === "PageUp") next = addMonths(date, -1);
    else if (event.key === "PageDown") next = addMonths(date, 1);
    if (!next) return;
    event.preventDefault();
    this.moveTo(next, true);
  }
}
