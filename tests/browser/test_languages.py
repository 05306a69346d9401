"""The six languages in a real browser: every screen, window and page in each
language with no English left; the same words as the server; numbers, plural forms
and lists as Babel writes them; and how the language is chosen (the browser's
languages, the player's saved choice, a link's ?lang=, the picker)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

import pytest
from babel import Locale
from babel.dates import (
    format_date,
    format_skeleton,
    format_time,
    get_datetime_format,
    get_day_names,
)
from babel.lists import format_list
from babel.numbers import format_decimal, format_percent

from tests.browser.conftest import OpenApp
from tests.browser.helpers import AppPage, stuck_line
from tests.browser.language import english_left, shown_text
from tests.browser.test_catalog_use import PLAYER_ERRORS
from tests.browser.test_history import undo_line
from tests.web.helpers import WIN_CODE, WIN_LINE
from yukon.engine import CLASSIC, RULE_SETS, Card, CodeProblem
from yukon.i18n import BABEL_LOCALES, LANGUAGES, load_catalog, plural_category, translate
from yukon.i18n.messages import (
    code_problem_message,
    error_message,
    no_place_message,
)

pytestmark = pytest.mark.browser

DEAL = "YU1-C-AAAAAAB"
TAGS = {"pt": "pt-PT"}
NUMBERS = [0, 7, 21, 625, 1234, 12345, 1234567, -1234.5, 1.5, 0.25, 2.125]
DECIMALS = ["0.5", "1.5", "2.5", "11.1", "21.1", "1000000"]
LISTS = [["8♠"], ["8♠", "8♣"], ["8♠", "8♥", "8♣"], ["8♠", "8♥", "8♦", "8♣"]]
# Win rates as the API rounds them, ties (1/8, 3/8, 0.145) included.
SHARES = [0, 1, 0.5, 0.125, 0.375, 0.145, 0.4286, 0.6667, 0.995, 0.0049]
# Dates the history shows: each month (for the month names), one-digit days and hours.
DATES = [datetime(2025, month, 1 + 2 * month, 7 * month % 24, 4 * month) for month in range(1, 13)]
# The app's English writes dates the British way, as its catalog spells.
DATE_LOCALES = {**BABEL_LOCALES, "en": "en_GB"}

_FORMATS_JS = """async ([languages, numbers, decimals, lists, shares, dates]) => {
    const format = await import("/static/js/format.js");
    const before = format.formatLocale();
    const answers = {};
    for (const language of languages) {
        format.setFormatLocale(language);
        answers[language] = {
            plurals: [...Array(201).keys()].map(format.pluralCategory),
            decimals: decimals.map((text) => format.pluralCategory(Number(text))),
            numbers: numbers.map(format.formatNumber),
            or: lists.map((items) => format.formatList(items, "disjunction")),
            and: lists.map((items) => format.formatList(items, "conjunction")),
            percents: shares.map(format.formatPercent),
            dates: dates.map(([y, m, d, h, min]) =>
                format.formatDateTime(new Date(y, m - 1, d, h, min))),
            days: dates.map(([y, m, d]) => format.formatDate(new Date(y, m - 1, d))),
            long_days: dates.map(([y, m, d]) => format.formatLongDate(new Date(y, m - 1, d))),
            months: dates.map(([y, m, d]) => format.formatYearMonth(new Date(y, m - 1, d))),
            week: format.calendarWeek().map(({day, short, name}) => [day, short, name]),
        };
    }
    format.setFormatLocale(before);
    return answers;
}"""


def _babel_date_time(moment: datetime, locale: str) -> str:
    """CLDR's medium date and short time, joined the locale's way."""
    date = format_date(moment, "medium", locale=locale)
    time = format_time(moment, "short", locale=locale)
    return str(get_datetime_format("medium", locale)).replace("{1}", date).replace("{0}", time)


def _babel_week(locale: str) -> list[list[object]]:
    """A calendar's week as CLDR has it: the first day, then the others in turn,
    each with its short name standing alone and its full name (0 is Monday)."""
    first = Locale.parse(locale).first_week_day
    short = get_day_names("short", "stand-alone", locale=locale)
    wide = get_day_names("wide", "format", locale=locale)
    return [[(first + i) % 7, short[(first + i) % 7], wide[(first + i) % 7]] for i in range(7)]


def test_plurals_numbers_lists_and_dates_agree_with_babel(open_app: OpenApp) -> None:
    app = open_app()
    dates = [[d.year, d.month, d.day, d.hour, d.minute] for d in DATES]
    arguments = [list(LANGUAGES), NUMBERS, DECIMALS, LISTS, SHARES, dates]
    answers = app.page.evaluate(_FORMATS_JS, arguments)
    for language in LANGUAGES:
        babel, dated = BABEL_LOCALES[language], DATE_LOCALES[language]
        assert answers[language] == {
            "plurals": [plural_category(language, n) for n in range(201)],
            "decimals": [plural_category(language, Decimal(text)) for text in DECIMALS],
            "numbers": [format_decimal(n, locale=babel) for n in NUMBERS],
            "or": [format_list(items, style="or", locale=babel) for items in LISTS],
            "and": [format_list(items, locale=babel) for items in LISTS],
            "percents": [format_percent(share, locale=babel) for share in SHARES],
            "dates": [_babel_date_time(moment, DATE_LOCALES[language]) for moment in DATES],
            "days": [format_date(moment, "medium", locale=dated) for moment in DATES],
            "long_days": [format_date(moment, "long", locale=dated) for moment in DATES],
            "months": [format_skeleton("yMMMM", moment, locale=dated) for moment in DATES],
            "week": _babel_week(dated),
        }, language


_MESSAGES_JS = """async ([language, problems, codes, cards]) => {
    const i18n = await import("/static/js/i18n.js");
    const messages = await import("/static/js/messages.js");
    const rulesets = await import("/static/js/rulesets.js");
    const before = i18n.currentLanguage();
    await Promise.all([i18n.loadLanguage(language), rulesets.loadRegistry(language)]);
    const answers = {
        no_place: rulesets.ruleSetIds().map(
            (id) => cards.map((card) => rulesets.noPlaceMessage(card, id))),
        problems: problems.map((problem) => messages.codeProblemMessage({code: "", problem})),
        errors: codes.map((code) => messages.apiErrorMessage({code, message: ""})),
    };
    await Promise.all([i18n.loadLanguage(before), rulesets.loadRegistry(before)]);
    return answers;
}"""


def test_the_browser_writes_the_servers_words(open_app: OpenApp) -> None:
    app = open_app()
    cards = [Card.parse(text) for text in ("TD", "7H", "KS", "AC")]
    problems = [problem.value for problem in CodeProblem]
    for language in LANGUAGES:
        answers = app.page.evaluate(
            _MESSAGES_JS, [language, problems, list(PLAYER_ERRORS), [str(c) for c in cards]]
        )
        assert answers == {
            "no_place": [
                [no_place_message(language, card, rules) for card in cards] for rules in RULE_SETS
            ],
            "problems": [code_problem_message(language, problem) for problem in CodeProblem],
            "errors": [error_message(language, code) for code in PLAYER_ERRORS],
        }, language


def _title(language: str, page: str | None = None) -> str:
    app_title = translate(language, "app.title")
    return f"{translate(language, f'page.{page}.title')} — {app_title}" if page else app_title


def _speaks(app: AppPage, language: str, page: str | None = None) -> None:
    """The page is in *language*: its tag and its title."""
    app.page.wait_for_function(
        "([lang, title]) => document.documentElement.lang === lang && document.title === title",
        arg=[TAGS.get(language, language), _title(language, page)],
    )


class Tour:
    """Goes through every screen of the app as one player and keeps what each showed."""

    def __init__(self, app: AppPage, language: str) -> None:
        self.app = app
        self.page = app.page
        self.language = language
        self.seen: dict[str, str] = {}

    def look(self, stop: str) -> None:
        self.seen[stop] = shown_text(self.page)

    def t(self, key: str, **params: Any) -> str:
        return translate(self.language, key, **params)

    def game(self) -> None:
        app = self.app
        state = app.open_deal(DEAL)
        _speaks(app, self.language)
        seven = self.t("card.name.7", suit=self.t("card.suit.H"))
        if "7" not in seven:
            seven = self.t("card.labelled", label="7", name=seven)
        assert app.card("7H").get_attribute("aria-label") == seven
        back = app.page.locator("#board .card.back").first
        assert back.get_attribute("aria-label") == self.t("card.face_down")
        for key in ("new", "replay", "undo", "hint", "analysis"):
            button = self.page.get_by_role("button", name=self.t(f"toolbar.{key}"), exact=True)
            assert button.count() == 1, key
        assert self.page.get_by_role("button", name=seven, exact=True).count() == 1
        # A refused move: the browser's words are the server's, in the player's language.
        with self.page.expect_response(lambda answer: answer.url.endswith("/moves")) as answer:
            app.drag("7H", "3")
        assert app.message() == answer.value.json()["error"]["message"]
        self.look("a refused move")
        # A double tap with no place says why, in the server's words for the rule.
        stuck = next(c for column in state["columns"] for c in column["cards"][:-1]
                     if c not in state["double_tap"])  # fmt: skip
        app.double_tap(stuck)
        self._wait_message(no_place_message(self.language, Card.parse(stuck), CLASSIC))
        self.look("a double tap with no place")
        self.page.click("#board .info .code")
        link = f"{self.page.evaluate('location.origin')}/play/{DEAL}"
        self._wait_message(self.t("info.copied", link=link))
        self.look("the link copied")
        with self.page.expect_response(lambda answer: answer.url.endswith("/hint")):
            self.page.click("#btn-hint")
        self.page.locator("#board .hint-outline").wait_for()
        self.look("a hint")

    def _wait_message(self, text: str) -> None:
        self.page.wait_for_function(
            "text => document.querySelector('#message').textContent === text", arg=text
        )

    def windows(self) -> None:
        page = self.page
        page.click("#btn-new")
        page.get_by_role("dialog", name=self.t("new.title")).wait_for()
        self.look("the new game window")
        page.locator("#new-code").fill("YU2-C-AAAAAAB")
        page.locator("#new-start").click()
        page.locator("#new-error").wait_for(state="visible")
        assert page.locator("#new-error").inner_text() == self.t("code_problem.prefix")
        self.look("the new game window, a bad code")
        page.locator("#dlg-new [data-close]").click()
        page.click("#menu summary")
        self.look("the menu")
        page.click("#btn-settings")
        page.get_by_role("dialog", name=self.t("settings.title")).wait_for()
        self.look("the settings window")
        page.locator("#dlg-settings button.primary").click()
        page.click("#btn-analysis")
        page.wait_for_function(
            "text => { const r = document.querySelector('#analysis-result').textContent;"
            " return r && r !== text; }",
            arg=self.t("analysis.working"),
        )
        self.look("the analysis window")
        page.locator("#dlg-analysis button.primary").click()

    def endings(self) -> None:
        app = self.app
        code, line = stuck_line()
        app.open_deal(code, line)
        app.page.locator("#notice").wait_for(state="visible")
        self.look("the no-move notice")
        app.page.click("#btn-new")
        app.page.locator("#new-in-progress").wait_for()
        self.look("the new game window, a game in progress")
        app.page.locator("#dlg-new [data-close]").click()
        app.open_deal(WIN_CODE, list(WIN_LINE[:-1]))
        app.tap(WIN_LINE[-1].split(">")[0])
        app.page.get_by_role("dialog", name=self.t("win.title")).wait_for()
        self.look("the win window")
        app.page.locator('#dlg-win [data-action="newGame"]').click()
        app.page.locator("#dlg-new").wait_for(state="visible")
        app.page.locator("#dlg-new [data-close]").click()

    def records(self) -> None:
        """Statistics, the game history and a game with an undo watched."""
        app, page = self.app, self.page
        app.play_record(DEAL, undo_line())
        app.reload()
        for name, ready in (("stats", ".rules-stats"), ("history", ".game-row")):
            page.click("#menu summary")
            page.click(f'.menu-items a[data-route="/{name}"]')
            _speaks(app, self.language, name)
            page.locator(f"#page {ready}").first.wait_for()
            self.look(f"the {name} page")
        page.locator(".game-row .game-actions a").first.click()
        page.locator(".step-caption").wait_for()
        page.keyboard.press("End")
        page.keyboard.press("ArrowLeft")
        caption = self.t("watch.caption_undo", move=undo_line()[1])
        assert page.locator(".step-caption").inner_text() == caption
        self.look("a game watched")

    def pages(self) -> None:
        page = self.page
        for name in ("rules", "examples", "faq"):
            page.click("#menu summary")
            page.click(f'.menu-items a[data-route="/{name}"]')
            _speaks(self.app, self.language, name)
            page.wait_for_function(
                "title => document.querySelector('#page h1')?.textContent === title",
                arg=self.t(f"page.{name}.title"),
            )
            if name == "examples":
                page.locator(".step-caption").wait_for()
                page.wait_for_function("() => document.querySelector('.step-caption').textContent")
                for _ in range(13):  # to the refused try, after move 12
                    page.keyboard.press("ArrowRight")
                page.locator(".step-note .refusal").wait_for()
            self.look(f"the {name} page")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_screen_speaks_the_language(open_app: OpenApp, language: str) -> None:
    app = open_app()
    app.console.allow_refusals(400, 422)
    assert app.api("PUT", "/settings", {"language": language})[0] == 200
    tour = Tour(app, language)
    tour.game()
    tour.windows()
    tour.endings()
    tour.records()
    tour.pages()
    assert len(tour.seen) == 18
    if language != "en":
        left = {stop: english_left(text, language) for stop, text in tour.seen.items()}
        assert {stop: found for stop, found in left.items() if found} == {}


def test_the_browsers_language_is_the_default(open_app: OpenApp) -> None:
    app = open_app("/rules", locale="is-IS")
    _speaks(app, "is", "rules")
    assert app.api("GET", "/settings")[1]["language"] is None
    brazilian = open_app("/", locale="pt-BR")
    _speaks(brazilian, "pt")
    assert brazilian.page.locator("#btn-new .label").inner_text() == translate("pt", "toolbar.new")


def test_a_links_language_is_for_this_visit_only(open_app: OpenApp) -> None:
    app = open_app(locale="sk-SK")
    app.api("PUT", "/settings", {"language": "hu"})
    app.goto(f"/play/{DEAL}?lang=ru")
    _speaks(app, "ru")
    assert app.page.url.endswith("/?lang=ru")
    assert app.state()["code"] == DEAL
    # Moving about the app keeps the visit's language, in the address too.
    app.page.click("#menu summary")
    app.page.click('.menu-items a[data-route="/faq"]')
    _speaks(app, "ru", "faq")
    assert app.page.url.endswith("/faq?lang=ru")
    app.reload()
    _speaks(app, "ru", "faq")
    # The player's saved choice is untouched, and back without the link.
    assert app.api("GET", "/settings")[1]["language"] == "hu"
    app.goto("/faq")
    _speaks(app, "hu", "faq")
    app.goto("/rules?lang=xx")
    _speaks(app, "hu", "rules")


def test_the_picker_names_each_language_in_its_own_words_and_saves_it(open_app: OpenApp) -> None:
    app = open_app("/?lang=is")
    app.page.click("#menu summary")
    entry = app.page.locator("#btn-language")
    assert entry.inner_text().split() == [translate("is", "settings.language"), "Íslenska"]
    entry.click()
    select = app.page.locator("#settings-language")
    select.wait_for(state="visible")
    assert select.evaluate("node => node === document.activeElement")
    names = select.locator("option").all_inner_texts()
    assert names == [
        translate("is", "settings.language_browser"),
        "English", "Slovenčina", "Magyar", "Русский", "Íslenska", "Português",
    ]  # fmt: skip
    assert select.input_value() == "is"
    with app.page.expect_response(lambda answer: answer.url.endswith("/api/v1/settings")):
        select.select_option("pt")
    _speaks(app, "pt")
    assert app.page.url.endswith("/")
    assert app.api("GET", "/settings")[1]["language"] == "pt"
    assert app.page.locator("#dlg-settings h2").inner_text() == translate("pt", "settings.title")
    app.page.locator("#dlg-settings button.primary").click()
    app.reload()
    _speaks(app, "pt")
    catalog = load_catalog("pt")
    assert app.page.locator("#btn-undo").get_attribute("title") == catalog["toolbar.undo_title"]
