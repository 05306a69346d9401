"""Draw the app's icons for a phone's home screen (the web app manifest,
``static/manifest.webmanifest``) and render them to PNG in Debian's Chromium:

    .venv/bin/python scripts/icons.py

Two fanned cards, a red heart behind a black spade, on the felt. The plain
icons have round corners on a clear ground; the maskable one (a phone crops
it to its own shape) fills its square with felt and keeps the cards inside the
middle 80 % circle that every shape keeps; the Apple touch icon fills its
square too (the phone rounds it). The PNGs are committed: the app never draws
them itself.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from playwright.sync_api import sync_playwright

ICONS: Final = Path(__file__).resolve().parents[1] / "src" / "yukon" / "web" / "static" / "icons"
CHROMIUM: Final = "/usr/bin/chromium"
FELT: Final = "#1f6b43"

# The cards on a 512 unit square, centred on (256, 256).
CARD: Final = 'width="200" height="280" rx="22" fill="#fffdf8" stroke="#0f3a24" stroke-width="6"'
CARDS: Final = f"""
<g transform="rotate(-14 256 300)">
  <rect x="136" y="96" {CARD}/>
  <path d="M206 262c-40-27-60-48-60-74a31 31 0 0 1 60-10a31 31 0 0 1 60 10c0 26-20 47-60 74z"
        fill="#c40f2a"/>
</g>
<g transform="rotate(10 256 300)">
  <rect x="196" y="120" {CARD}/>
  <path d="M296 176c-22 32-70 54-70 92a36 36 0 0 0 56 30l-10 44h48l-10-44a36 36 0 0 0 56-30
           c0-38-48-60-70-92z" fill="#1b1b1b"/>
</g>
"""


def icon(*, full: bool, scale: float) -> str:
    """The icon's SVG: the cards at *scale* round the middle, on a felt square
    (*full*) or a felt square with round corners."""
    ground = (
        f'<rect width="512" height="512" fill="{FELT}"/>'
        if full
        else f'<rect width="512" height="512" rx="104" fill="{FELT}"/>'
    )
    cards = f'<g transform="translate(256 256) scale({scale}) translate(-256 -256)">{CARDS}</g>'
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="100%" height="100%">'
        f"{ground}{cards}</svg>"
    )


# name: (size in pixels, full square, scale of the cards)
RENDERS: Final = {
    "icon-192.png": (192, False, 1.0),
    "icon-512.png": (512, False, 1.0),
    "maskable-512.png": (512, True, 0.78),
    "apple-touch-icon.png": (180, True, 0.9),
}


def main() -> None:
    ICONS.mkdir(exist_ok=True)
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for name, (size, full, scale) in RENDERS.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(f"<style>html,body{{margin:0}}</style>{icon(full=full, scale=scale)}")
            page.screenshot(path=ICONS / name, omit_background=True)
            page.close()
            print(f"{name}: {size}x{size}, {(ICONS / name).stat().st_size:,} bytes")
        browser.close()


if __name__ == "__main__":
    main()
