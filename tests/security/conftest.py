"""The security corpus keeps a tally per category and prints it at the end of the run:
``security corpus: sql 41/41 held · chat-injection 23/23 held · ...``."""

from __future__ import annotations

from collections import defaultdict

import pytest

TALLY: dict[str, list[int]] = defaultdict(lambda: [0, 0])


@pytest.fixture
def tally():
    """``tally(category, held)`` inside a case: counted whether the case passes or fails."""
    def record(category: str, held: bool) -> None:
        TALLY[category][0] += 1
        TALLY[category][1] += int(bool(held))
    return record


def pytest_terminal_summary(terminalreporter):
    if not TALLY:
        return
    tried = sum(t for t, _ in TALLY.values())
    held = sum(h for _, h in TALLY.values())
    parts = " · ".join(f"{c} {h}/{t}" for c, (t, h) in sorted(TALLY.items()))
    terminalreporter.write_line(f"security corpus: {held}/{tried} cases held ({parts})")
