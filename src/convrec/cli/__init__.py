"""The ``convrec`` command line: one Typer app (``_common``) and one module per command group,
each registering its commands with decorators when imported."""

from __future__ import annotations

import sys

from rich.console import Console

from convrec.cli import agent, data, eval, llm, mcp, models, profile, serve  # noqa: F401  (registers the commands)
from convrec.cli._common import app, get_config  # noqa: F401
from convrec.errors import ConvrecError


def main() -> None:
    """Entry point: user-facing errors become one line on stderr, never a traceback."""
    try:
        rc = app(args=optional_values(sys.argv[1:]), standalone_mode=False)
        if isinstance(rc, int) and rc:  # Typer returns the code of Exit (130 after Ctrl-C) instead of exiting
            sys.exit(rc)
    except ConvrecError as e:
        from rich.markup import escape  # messages may contain brackets, e.g. pip install -e ".[local]"

        Console(stderr=True, soft_wrap=True).print(f"[red]error:[/] {escape(str(e))}", highlight=False)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
    except SystemExit:
        raise
    except Exception as e:  # click usage errors come here in non-standalone mode
        if _is_click(e, "ClickException"):  # click's, or the copy newer Typer releases carry (typer._click)
            e.show()
            sys.exit(e.exit_code)
        if _is_click(e, "Abort"):
            sys.exit(130)
        Console(stderr=True, soft_wrap=True).print(f"[red]internal error:[/] {type(e).__name__}: {e}", highlight=False)
        sys.exit(1)


OPTIONAL_VALUES = {"--ray": "local"}
"""Options whose value may be left out (``--ray`` alone = ``--ray local``)."""


def optional_values(args: list[str]) -> list[str]:
    """Give an option of :data:`OPTIONAL_VALUES` written without a value its default value."""
    out: list[str] = []
    for i, a in enumerate(args):
        out.append(a)
        if a in OPTIONAL_VALUES and (i + 1 == len(args) or args[i + 1].startswith("-")):
            out.append(OPTIONAL_VALUES[a])
    return out


def _is_click(e: BaseException, name: str) -> bool:
    return any(c.__name__ == name and c.__module__.split(".")[-2:-1] == ["_click"] or
               c.__name__ == name and c.__module__.startswith("click")
               for c in type(e).__mro__)


if __name__ == "__main__":
    main()
