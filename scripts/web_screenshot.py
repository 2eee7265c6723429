"""Screenshots of the web chat answering a real request (docs/web-chat.png, docs/web/*.png).

Starts ``convrec serve`` (movielens-small, interecagent, the embedded model) and in headless
Chromium: the first screen (docs/web/first-screen.png), a request answered with cards and their
reasons, a thumbs-down acknowledged and the trace in words (docs/web-chat.png), then "Why?" on the
first card (docs/web/why.png):

    python scripts/web_screenshot.py [--out docs/web-chat.png] [--message "..."]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="docs/web-chat.png")
    ap.add_argument("--message", default="I loved The Matrix and Blade Runner. Sci-fi movies from the 90s, no horror")
    ap.add_argument("--dataset", default="movielens-small")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium")
    if not chromium:
        sys.exit("needs Debian's chromium: apt-get install chromium")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    tmp = tempfile.mkdtemp()
    env = {**os.environ, "CONVREC_DB_URL": str(Path(tmp) / "sessions.db")}
    server = subprocess.Popen([sys.executable, "-m", "convrec.cli", "serve", "--port", str(port), "-d", args.dataset],
                              env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(900):
            try:
                with urllib.request.urlopen(url + "/healthz", timeout=2) as r:
                    if json.loads(r.read())["status"] == "ok":
                        break
            except OSError:
                time.sleep(1)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, headless=True, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1100, "height": 1100})
            page.goto(url)
            page.wait_for_selector("#welcome .examples button", timeout=600_000)
            shots = Path(args.out).parent / "web"
            shots.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(shots / "first-screen.png"))
            page.fill("#input", args.message)
            page.keyboard.press("Enter")
            page.wait_for_selector(".msg.assistant .card", timeout=600_000)
            page.wait_for_function("!document.querySelector('#send').disabled", timeout=600_000)
            page.locator(".msg.assistant .card").nth(1).locator("button.down").click()
            page.wait_for_selector(".card button.down.on")
            page.locator(".msg.assistant details.trace summary").first.click()
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=args.out, full_page=True)
            first = page.locator(".msg.assistant .card").first
            first.locator("button.whybtn").click()
            page.wait_for_function("document.querySelectorAll('.msg.assistant').length >= 2", timeout=600_000)
            page.wait_for_function("!document.querySelector('#send').disabled", timeout=600_000)
            page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
            page.screenshot(path=str(shots / "why.png"))
            browser.close()
        print(f"wrote {args.out}")
    finally:
        server.terminate()
        server.wait(30)


if __name__ == "__main__":
    main()
