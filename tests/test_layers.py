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
UPPER = ("core", "strategies", "server", "cli", "eval", "api", "setup", "mcp")


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


ORDER = ("catalog", "models", "tools", "nlu", "core")
"""The floors from the bottom: each may import its own floor and the ones below, never one above
(``llm`` and the top-level helper modules sit below all of them)."""


def test_the_lower_floors_are_ordered_without_cycles():
    """catalog → models → tools → nlu → core: understanding reads the tools' and the catalog's
    code, never the other way round (an import inside a function counts as one at the top)."""
    checked, bad = 0, []
    for n, floor in enumerate(ORDER):
        above = (set(ORDER[n + 1:]) | set(UPPER)) - {floor}
        for path in sorted((SRC / floor).rglob("*.py")):
            checked += 1
            for line, mod in _imports(path):
                if _floor(mod) in above:
                    bad.append(f"{path.relative_to(SRC)}:{line} imports {mod}")
    for path in sorted((SRC / "llm").rglob("*.py")):
        checked += 1
        bad += [f"{path.relative_to(SRC)}:{line} imports {mod}" for line, mod in _imports(path)
                if _floor(mod) in set(ORDER) | set(UPPER)]
    assert checked > 60, checked
    assert not bad, "arrows that run back up:\n" + "\n".join(bad)


def test_the_checker_sees_an_import_inside_a_function(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("def g():\n    from convrec.api import Agent\n    return Agent\n")
    assert ("convrec.api" in [m for _, m in _imports(f)]) and _floor("convrec.api") == "api"


def test_no_strategy_name_is_tested_outside_the_registry():
    """Interfaces and the evaluation ask the registry what a strategy can do (its declared
    capabilities); only ``convrec/strategies/`` (where they register) spells their names."""
    from convrec.strategies import REGISTRY

    names, bad, checked = set(REGISTRY), [], 0
    assert {"interecagent", "omulet", "toolrec", "baseline-popularity"} <= names
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if rel.startswith("strategies/"):  # the registrations and the strategies' own rooms
            continue
        checked += 1
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in names:
                bad.append(f"{rel}:{node.lineno} '{node.value}'")
    assert checked > 80 and not bad, bad


def test_capabilities_answer_what_the_names_used_to():
    from convrec.strategies import capabilities, supporting

    assert capabilities("interecagent").memory and capabilities("interecagent").encoder
    assert not capabilities("omulet").memory and capabilities("omulet").ablations == frozenset({"context"})
    assert not capabilities("baseline-random").needs_llm and capabilities("chat-rec").needs_llm  # aliases resolve
    assert supporting("cf") == ["interecagent"] and "toolrec" in supporting("context")


def test_core_does_not_import_strategies_or_interfaces():
    """``core/`` (the turn, the loop, the registry, sessions) sits below every strategy and
    interface: it may use the lower floors, never what is built on it."""
    bad, checked = [], 0
    for path in sorted((SRC / "core").rglob("*.py")):
        checked += 1
        for line, mod in _imports(path):
            if _floor(mod) in ("strategies", "server", "cli", "eval", "api", "setup"):
                bad.append(f"{path.relative_to(SRC)}:{line} imports {mod}")
    assert checked >= 6 and not bad, bad


def test_the_reader_is_a_pipeline_of_small_modules():
    """Understanding is split by stage (reading, titles, numbers, words, relations, kinds, columns,
    leftover), each module small enough to read whole; none imports the entry point back."""
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in (SRC / "nlu").glob("*.py")}
    assert {"titles.py", "numbers.py", "words.py", "relations.py", "kinds.py", "understand.py"} <= set(sizes)
    assert max(sizes.values()) <= 620, {k: v for k, v in sizes.items() if v > 620}
    for path in (SRC / "nlu").glob("*.py"):
        if path.name not in ("understand.py", "__init__.py"):
            assert "convrec.nlu.understand" not in [m for _, m in _imports(path)], path.name
