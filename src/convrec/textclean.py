"""What a user typed, made safe to store, show and read, without losing it.

Messages arrive from terminals (argv decoded with ``surrogateescape``: invalid UTF-8 bytes become
lone surrogates), HTTP bodies and Python callers. SQLite and JSON need valid UTF-8, and terminal
control sequences in stored text would be replayed to the next screen that shows it. So: bytes
that are not UTF-8 become U+FFFD, control characters other than tab and newline (NUL, ESC, the
C1 range, bidi overrides) become U+FFFD as well, and everything else is kept as typed.
"""

from __future__ import annotations

import re

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def valid_utf8(text: str) -> str:
    """``text`` with lone surrogates (undecodable bytes) replaced by U+FFFD."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        pass
    out = []
    for ch in text:
        if "\ud800" <= ch <= "\udfff":
            out.append("\ufffd")
        else:
            out.append(ch)
    return "".join(out)


def clean_message(text: object) -> str:
    """A user's message as the agent reads and stores it (see the module doc)."""
    if text is None:
        return ""
    if isinstance(text, (bytes, bytearray)):
        text = bytes(text).decode("utf-8", "replace")
    text = valid_utf8(str(text)).replace("\r\n", "\n").replace("\r", "\n")
    return _CONTROL.sub("\ufffd", text)
