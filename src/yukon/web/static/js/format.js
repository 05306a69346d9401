// @ts-check
//# allFunctionsCalledOnLoad
/**
 * Every number, percentage, plural choice, list, duration and date the app shows
 * is formatted here, so that a language's conventions change in one place.
 *
 * The six languages' conventions are built in (CLDR's data, as Babel has it on the
 * server) rather than asked of `Intl`: Chromium ships no Icelandic number or list
 * data (it would write "1,234" and "8♠ or 8♣" in Icelandic), and its "pt" is
 * Brazilian, while the app speaks European Portuguese. The same tables on both
 * sides make the browser's words match the server's; a browser test compares them
 * with Babel for every language. Dates have the same reason: Chromium has no
 * Icelandic month names either.
 */

/**
 * @typedef {object} Operands CLDR plural operands of a number
 * @property {number} n  the absolute value
 * @property {number} i  its integer digits
 * @property {number} v  how many fraction digits are shown
 * @property {number} t  the fraction digits without trailing zeros, as a number
 *
 * @typedef {object} Conventions
 * @property {string} group    digit-group separator
 * @property {string} decimal  decimal separator
 * @property {{two: string, end: string}} or   "{0} or {1}" for two items, the last join of more
 * @property {{two: string, end: string}} and  the same for "and"
 * @property {(o: Operands) => string} plural  the CLDR plural category
 * @property {string} percent  the percent sign with what stands between it and the number
 * @property {string} date     CLDR's medium date pattern (d, dd, M, MM, MMM, y and 'quoted' text)
 * @property {string} time     CLDR's short time pattern (H, HH, mm)
 * @property {string} dateTime how a date {1} and a time {0} are joined
 * @property {string[]} months the abbreviated month names, for MMM
 * @property {string} longDate CLDR's long date pattern ("6 December 2026")
 * @property {string} yearMonth CLDR's year-and-month pattern, a calendar's title ("December 2026")
 * @property {string[]} monthNames the month names as a date writes them, for MMMM ("6. decembra")
 * @property {string[]} monthTitles the month names standing alone, for LLLL ("december 2026"); empty when they are monthNames
 * @property {string[]} weekdays the short names of the days, Monday first, a calendar's column heads
 * @property {string[]} weekdayNames the days' full names, Monday first
 * @property {number} firstDay the day a calendar's week starts with: 0 Monday, 6 Sunday
 */

const NBSP = "\u00a0";

/** @param {number} value @param {number} low @param {number} high */
const within = (value, low, high) => value >= low && value <= high;

/** @type {Record<string, Conventions>} */
const CONVENTIONS = {
  en: {
    group: ",",
    decimal: ".",
    or: { two: "{0} or {1}", end: "{0}, or {1}" },
    and: { two: "{0} and {1}", end: "{0}, and {1}" },
    plural: ({ i, v }) => (i === 1 && v === 0 ? "one" : "other"),
    percent: "%",
    // Dates the British way, as the catalog spells (CLDR en-GB): "2 Mar 2025, 14:05".
    date: "d MMM y",
    time: "HH:mm",
    dateTime: "{1}, {0}",
    months: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"],
    longDate: "d MMMM y",
    yearMonth: "MMMM y",
    monthNames: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
    monthTitles: [],
    weekdays: ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"],
    weekdayNames: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    firstDay: 0,
  },
  sk: {
    group: NBSP,
    decimal: ",",
    or: { two: "{0} alebo {1}", end: "{0} alebo {1}" },
    and: { two: `{0} a${NBSP}{1}`, end: "{0} a {1}" },
    plural: ({ i, v }) => {
      if (v !== 0) return "many";
      if (i === 1) return "one";
      return within(i, 2, 4) ? "few" : "other";
    },
    percent: `${NBSP}%`,
    date: "d. M. y",
    time: "H:mm",
    dateTime: "{1}, {0}",
    months: [],
    longDate: "d. MMMM y",
    yearMonth: "LLLL y",
    monthNames: ["januára", "februára", "marca", "apríla", "mája", "júna", "júla", "augusta", "septembra", "októbra", "novembra", "decembra"],
    monthTitles: ["január", "február", "marec", "apríl", "máj", "jún", "júl", "august", "september", "október", "november", "december"],
    weekdays: ["po", "ut", "st", "št", "pi", "so", "ne"],
    weekdayNames: ["pondelok", "utorok", "streda", "štvrtok", "piatok", "sobota", "nedeľa"],
    firstDay: 0,
  },
  hu: {
    group: NBSP,
    decimal: ",",
    or: { two: "{0} vagy {1}", end: "{0} vagy {1}" },
    and: { two: "{0} és {1}", end: "{0} és {1}" },
    plural: ({ n }) => (n === 1 ? "one" : "other"),
    percent: "%",
    date: "y. MMM d.",
    time: "H:mm",
    dateTime: "{1} {0}",
    months: ["jan.", "febr.", "márc.", "ápr.", "máj.", "jún.", "júl.", "aug.", "szept.", "okt.", "nov.", "dec."],
    longDate: "y. MMMM d.",
    yearMonth: "y. MMMM",
    monthNames: ["január", "február", "március", "április", "május", "június", "július", "augusztus", "szeptember", "október", "november", "december"],
    monthTitles: [],
    weekdays: ["H", "K", "Sze", "Cs", "P", "Szo", "V"],
    weekdayNames: ["hétfő", "kedd", "szerda", "csütörtök", "péntek", "szombat", "vasárnap"],
    firstDay: 0,
  },
  ru: {
    group: NBSP,
    decimal: ",",
    or: { two: "{0} или {1}", end: "{0} или {1}" },
    and: { two: "{0} и {1}", end: "{0} и {1}" },
    plural: ({ i, v }) => {
      if (v !== 0) return "other";
      const [last, lastTwo] = [i % 10, i % 100];
      if (last === 1 && lastTwo !== 11) return "one";
      if (within(last, 2, 4) && !within(lastTwo, 12, 14)) return "few";
      return "many";
    },
    percent: `${NBSP}%`,
    date: "d MMM y\u202f'г'.",
    time: "HH:mm",
    dateTime: "{1}, {0}",
    months: ["янв.", "февр.", "мар.", "апр.", "мая", "июн.", "июл.", "авг.", "сент.", "окт.", "нояб.", "дек."],
    longDate: "d MMMM y\u202f'г'.",
    yearMonth: "LLLL y\u202f'г'.",
    monthNames: ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября", "ноября", "декабря"],
    monthTitles: ["январь", "февраль", "март", "апрель", "май", "июнь", "июль", "август", "сентябрь", "октябрь", "ноябрь", "декабрь"],
    weekdays: ["пн", "вт", "ср", "чт", "пт", "сб", "вс"],
    weekdayNames: ["понедельник", "вторник", "среда", "четверг", "пятница", "суббота", "воскресенье"],
    firstDay: 0,
  },
  is: {
    group: ".",
    decimal: ",",
    or: { two: "{0} eða {1}", end: "{0} eða {1}" },
    and: { two: "{0} og {1}", end: "{0} og {1}" },
    plural: ({ i, t }) =>
      (t === 0 && i % 10 === 1 && i % 100 !== 11) || (t % 10 === 1 && t % 100 !== 11) ? "one" : "other",
    percent: "%",
    date: "d. MMM y",
    time: "HH:mm",
    dateTime: "{1}, {0}",
    months: ["jan.", "feb.", "mar.", "apr.", "maí", "jún.", "júl.", "ágú.", "sep.", "okt.", "nóv.", "des."],
    longDate: "d. MMMM y",
    yearMonth: "MMMM y",
    monthNames: ["janúar", "febrúar", "mars", "apríl", "maí", "júní", "júlí", "ágúst", "september", "október", "nóvember", "desember"],
    monthTitles: [],
    weekdays: ["má.", "þr.", "mi.", "fi.", "fö.", "la.", "su."],
    weekdayNames: ["mánudagur", "þriðjudagur", "miðvikudagur", "fimmtudagur", "föstudagur", "laugardagur", "sunnudagur"],
    firstDay: 0,
  },
  // European Portuguese (pt-PT), not the Brazilian forms of Chromium's "pt".
  pt: {
    group: NBSP,
    decimal: ",",
    or: { two: "{0} ou {1}", end: "{0} ou {1}" },
    and: { two: "{0} e {1}", end: "{0} e {1}" },
    plural: ({ i, v }) => {
      if (i === 1 && v === 0) return "one";
      return v === 0 && i !== 0 && i % 1_000_000 === 0 ? "many" : "other";
    },
    percent: "%",
    date: "dd/MM/y",
    time: "HH:mm",
    dateTime: "{1}, {0}",
    months: [],
    longDate: "d 'de' MMMM 'de' y",
    yearMonth: "MMMM 'de' y",
    monthNames: ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"],
    monthTitles: [],
    weekdays: ["seg.", "ter.", "qua.", "qui.", "sex.", "sáb.", "dom."],
    weekdayNames: ["segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado", "domingo"],
    firstDay: 6,
  },
};

/** @type {string} */
let locale = "en";

/**
 * Use *lang*'s conventions from now on (English for a language without them).
 * @param {string} lang one of the app's languages: "en", "sk", "hu", "ru", "is", "pt"
 */
export function setFormatLocale(lang) {
  locale = lang in CONVENTIONS ? lang : "en";
}

/** @returns {string} the language whose conventions are in use */
export function formatLocale() {
  return locale;
}

/**
 * @param {number} value
 * @returns {[string, string]} the integer and fraction digits of |value|, at most 3 fraction digits
 */
function digits(value) {
  const rounded = Math.round(Math.abs(value) * 1000) / 1000;
  const [whole, fraction = ""] = rounded.toFixed(3).replace(/\.?0+$/, "").split(".");
  return [whole, fraction];
}

/**
 * @param {number} value
 * @returns {string} the number with the language's digit grouping and decimal sign: "1,234" (en), "1 234" (sk), "1.234" (is)
 */
export function formatNumber(value) {
  const { group, decimal } = CONVENTIONS[locale];
  const [whole, fraction] = digits(value);
  const sign = value < 0 && (whole !== "0" || fraction) ? "-" : "";
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, group);
  return sign + grouped + (fraction ? decimal + fraction : "");
}

/**
 * @param {number} value
 * @returns {Operands}
 */
function operands(value) {
  const n = Math.abs(value);
  const [whole, fraction = ""] = Number.isInteger(n) ? [String(n)] : String(n).split(".");
  return { n, i: Number(whole), v: fraction.length, t: Number(fraction.replace(/0+$/, "") || 0) };
}

/**
 * @param {number} count
 * @returns {string} the CLDR plural category of *count* in the language: "one", "few", "many" or "other"
 */
export function pluralCategory(count) {
  return Number.isFinite(count) ? CONVENTIONS[locale].plural(operands(count)) : "other";
}

/**
 * A play time as m:ss, or h:mm:ss from an hour on (the same in all six languages).
 * @param {number} milliseconds
 * @returns {string}
 */
export function formatDuration(milliseconds) {
  const total = Math.max(0, Math.floor(milliseconds / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}

/**
 * Items joined the language's way, e.g. "8♠ or 8♣", "8♠ alebo 8♣", "8♠, 8♣ eða 8♦".
 * @param {string[]} items
 * @param {"disjunction" | "conjunction"} type
 * @returns {string}
 */
export function formatList(items, type) {
  const patterns = CONVENTIONS[locale][type === "disjunction" ? "or" : "and"];
  const join = (/** @type {string} */ pattern, /** @type {string} */ a, /** @type {string} */ b) =>
    pattern.replace("{0}", () => a).replace("{1}", () => b);
  if (items.length <= 1) return items.join("");
  if (items.length === 2) return join(patterns.two, items[0], items[1]);
  const head = items.slice(0, -1).join(", ");
  return join(patterns.end, head, items[items.length - 1]);
}

/**
 * A share as a whole percentage, rounded half to even as CLDR (and Babel) round:
 * "43%" (en), "43 %" (sk, ru).
 * @param {number} share from 0 to 1
 * @returns {string}
 */
export function formatPercent(share) {
  // Four decimals first, so that 0.145 * 100 (14.499…) counts as the tie it is.
  const scaled = Math.round(share * 1_000_000) / 10_000;
  const floor = Math.floor(scaled);
  const rest = scaled - floor;
  const whole = rest > 0.5 || (rest === 0.5 && floor % 2 === 1) ? floor + 1 : floor;
  return formatNumber(whole) + CONVENTIONS[locale].percent;
}

/**
 * @param {Date} date
 * @param {string} pattern a CLDR date or time pattern of the letters d, M, L, y, H and m
 * @returns {string}
 */
function formatPattern(date, pattern) {
  const two = (/** @type {number} */ n) => String(n).padStart(2, "0");
  /** @type {Record<string, () => string>} */
  const fields = {
    d: () => String(date.getDate()),
    dd: () => two(date.getDate()),
    M: () => String(date.getMonth() + 1),
    MM: () => two(date.getMonth() + 1),
    MMM: () => CONVENTIONS[locale].months[date.getMonth()],
    MMMM: () => CONVENTIONS[locale].monthNames[date.getMonth()],
    LLLL: () => {
      const { monthTitles, monthNames } = CONVENTIONS[locale];
      return (monthTitles.length ? monthTitles : monthNames)[date.getMonth()];
    },
    y: () => String(date.getFullYear()),
    H: () => String(date.getHours()),
    HH: () => two(date.getHours()),
    mm: () => two(date.getMinutes()),
  };
  return pattern.replace(/'([^']*)'|([dMLyHm])\2*/g, (whole, quoted) =>
    quoted === undefined ? (fields[whole] ?? (() => whole))() : quoted,
  );
}

/**
 * A day and time of the browser's clock in the language's way:
 * "2 Mar 2025, 14:05" (en), "2. 3. 2025, 14:05" (sk), "2025. márc. 2. 14:05" (hu).
 * @param {Date} date
 * @returns {string}
 */
export function formatDateTime(date) {
  const conventions = CONVENTIONS[locale];
  return conventions.dateTime
    .replace("{1}", () => formatPattern(date, conventions.date))
    .replace("{0}", () => formatPattern(date, conventions.time));
}

/**
 * A day in the language's medium form: "6 Dec 2026" (en), "6. 12. 2026" (sk),
 * "2026. dec. 6." (hu), "06/12/2026" (pt).
 * @param {Date} date
 * @returns {string}
 */
export function formatDate(date) {
  return formatPattern(date, CONVENTIONS[locale].date);
}

/**
 * A day in the language's long form: "6 December 2026", "6. decembra 2026", "2026. december 6.".
 * @param {Date} date
 * @returns {string}
 */
export function formatLongDate(date) {
  return formatPattern(date, CONVENTIONS[locale].longDate);
}

/**
 * A month and its year, as a calendar's title: "December 2026", "december 2026", "декабрь 2026 г.".
 * @param {Date} date any day of the month
 * @returns {string}
 */
export function formatYearMonth(date) {
  return formatPattern(date, CONVENTIONS[locale].yearMonth);
}

/**
 * The days of a calendar's week, in the language's order (Monday or Sunday first).
 * @returns {{day: number, short: string, name: string}[]} day: 0 Monday … 6 Sunday
 */
export function calendarWeek() {
  const { weekdays, weekdayNames, firstDay } = CONVENTIONS[locale];
  return [0, 1, 2, 3, 4, 5, 6].map((offset) => {
    const day = (firstDay + offset) % 7;
    return { day, short: weekdays[day], name: weekdayNames[day] };
  });
}
