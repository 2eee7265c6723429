"""The ``convrec`` command line: one Typer app (``_common``) and one module per command group,
each registering its commands with decorators when imported."""

from __future__ import annotations

import sys

from rich.console import Console

from convrec.cli import agent, data, eval, llm, models, serve  # noqa: F401  (registers the commands)
from convrec.cli._common import app, get_config  # noqa: F401
from convrec.errors import ConvrecError


def main() -> None:
    """Entry point: user-facing errors become one line on stderr, never a traceback."""
    try:
        app(standalone_mode=False)
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


def _is_click(e: BaseException, name: str) -> bool:
    return any(c.__name__ == name and c.__module__.split(".")[-2:-1] == ["_click"] or
               c.__name__ == name and c.__module__.startswith("click")
               for c in type(e).__mro__)


if __name__ == "__main__":
    main()
