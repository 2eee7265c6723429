"""The layers' arrows point down: the lower floors never import the upper ones.

Read from the source (every ``import`` and ``from … import``, at module level or inside a
function), so an import hidden in a function body counts as much as one at the top.
"""

from __future__ import annotations

import ast
from pathlib import Path

import convrec

SRC = Path(convrec.__file__).parent
LOWER = ("tools", "models", "nlu", "catalog", "llm")
UPPER = ("agent", "core", "strategies", "server", "cli", "eval")


def _imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append((node.lineno, node.module))
            out += [(node.lineno, f"{node.module}.{a.name}") for a in node.names]
    return out


def _floor(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "convrec" else None


def test_lower_floors_do_not_import_upper_ones():
    checked, bad = 0, []
    for floor in LOWER:
        for path in sorted((SRC / floor).rglob("*.py")):
            checked += 1
            for line, mod in _imports(path):
                if _floor(mod) in UPPER:
                    bad.append(f"{path.relative_to(SRC)}:{line} imports {mod}")
    assert checked > 30, f"only {checked} modules found under {LOWER}"
    assert not bad, "arrows that run back up:\n" + "\n".join(bad)


def test_the_checker_sees_an_import_inside_a_function(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("def g():\n    from convrec.agent.api import Agent\n    return Agent\n")
    assert ("convrec.agent.api" in [m for _, m in _imports(f)]) and _floor("convrec.agent.api") == "agent"
