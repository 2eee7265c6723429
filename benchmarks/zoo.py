"""The catalog zoo: every bring-your-own catalog's request set, a table per catalog by request
kind — its first run (the one run before anyone developed against it) beside now.

    python benchmarks/zoo.py                          # the development catalogs (benchmarks/catalogs/)
    python benchmarks/zoo.py --catalogs fastfood cpus --every 2
    python benchmarks/zoo.py --untouched --first-run  # the untouched ones (benchmarks/untouched/), ONCE

An untouched catalog is run only with ``--first-run``, and only if it has no first run yet: the
result is written to ``docs/results/zoo/first-run-<name>.json`` and is the headline for that
catalog; move its folder to ``benchmarks/catalogs/`` (and its requests to ``benchmarks/requests/``)
to develop against it. Results of a run: ``docs/results/zoo/<tag>.json`` and a Markdown table
(``--md``). Each case is a new user in a fresh session store; the embedded LLM unless
``--llm/--model/--base-url`` say otherwise.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
RESULTS = REPO / "docs" / "results" / "zoo"
OPEN_WORLD = REPO / "docs" / "results" / "open-world"
FIRST_RUNS = {  # the first run of each development catalog, as reported when it was made (docs/results/open-world.md)
    "fastfood": "byo-fastfood.json", "epa-cars": "byo-epa-cars.json", "ucla-courses": "byo-ucla-courses.json",
    "tate-art": "byo-tate-art.json", "cpus": "byo-cpus-s3.json", "ontario-towns": "byo-ontario-towns-s3.json",
    "forbes2000": "byo-forbes2000-untouched.json", "paris-metro": "byo-paris-metro-untouched.json",
    "billboard2000": "byo-billboard2000-untouched.json",
}


def _no_brain():
    """An LLM that is never there (every call raises ``LLMConnectionError``): with the LLM steps
    switched off (``apply_ablations(["llm"])``), a turn runs on the rules and tools alone."""
    from convrec.llm.errors import LLMConnectionError
    from convrec.llm.fake import ScriptedLLM

    class NoBrain(ScriptedLLM):
        backend = "none"

        def _next(self, messages, json_call=False):
            raise LLMConnectionError("no LLM in this run")

    return NoBrain(model="none")


def _agent_eval():
    spec = importlib.util.spec_from_file_location("agent_eval", HERE / "agent_eval.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def catalogs(untouched: bool, root: Path | None = None) -> dict[str, tuple[Path, Path]]:
    """name → (catalog folder, request file) of one group (``root``: another untouched folder)."""
    root = root or HERE / ("untouched" if untouched else "catalogs")
    reqs = root / "requests" if untouched else HERE / "requests"
    out = {}
    for d in sorted(root.iterdir()):
        if (d / "items.csv").is_file() and (reqs / f"byo-{d.name}.jsonl").is_file():
            out[d.name] = (d, reqs / f"byo-{d.name}.jsonl")
    return out


def first_run(name: str) -> dict | None:
    """The catalog's first run (its summary), if one was recorded."""
    for path in (RESULTS / f"first-run-{name}.json", OPEN_WORLD / FIRST_RUNS.get(name, "-")):
        if path.is_file():
            sets = json.loads(path.read_text()).get("sets", [])
            if sets:
                return sets[0]
    return None


def _frac(s: str | None) -> tuple[int, int]:
    if not s:
        return 0, 0
    a, b = s.split("/")
    return int(a), int(b)


def table(name: str, now: dict, first: dict | None) -> str:
    """A Markdown table of one catalog: kinds × (first run, now)."""
    kinds = sorted(set(now["by_kind"]) | set((first or {}).get("by_kind", {})))
    lines = [f"**{name}** — now {now['passed']}/{now['requests']}"
             + (f", first run {first['passed']}/{first['requests']}" if first else ", no first run recorded")
             + f"; violating items {now['violating_items']}, impossible answered with items {now['impossible_with_items']}",
             "", "| kind | first run | now |", "|---|---|---|"]
    for k in kinds:
        f = (first or {}).get("by_kind", {}).get(k, "–")
        lines.append(f"| {k} | {f} | {now['by_kind'].get(k, '–')} |")
    return "\n".join(lines)


def first_runs_table(names: list[str]) -> str:
    """The first runs of these catalogs, one column per brain (no LLM, the embedded 0.5B, others):
    pass rate, violating items; the average and the lowest catalog."""
    brains: dict[str, dict[str, dict]] = {}
    for n in names:
        for path in sorted(RESULTS.glob(f"first-run-{n}*.json")):
            tag = path.stem[len(f"first-run-{n}"):].lstrip("@") or "qwen2.5-coder-0.5b"
            if path.stem != f"first-run-{n}" and not path.stem.startswith(f"first-run-{n}@"):
                continue
            brains.setdefault(tag, {})[n] = json.loads(path.read_text())["sets"][0]
    order = sorted(brains, key=lambda b: (b != "none", b != "qwen2.5-coder-0.5b", b))
    lines = ["| catalog | " + " | ".join(order) + " |", "|---|" + "---|" * len(order)]
    for n in names:
        cells = []
        for b in order:
            s = brains[b].get(n)
            cells.append(f"{s['passed']}/{s['requests']} ({100 * s['passed'] / s['requests']:.0f} %), "
                         f"{s['violating_items']} viol." if s else "–")
        lines.append(f"| {n} | " + " | ".join(cells) + " |")
    avg = []
    for b in order:
        rates = [s["passed"] / s["requests"] for s in brains[b].values()]
        viol = sum(s["violating_items"] for s in brains[b].values())
        avg.append(f"mean {100 * sum(rates) / len(rates):.0f} %, lowest {100 * min(rates):.0f} %, {viol} viol."
                   if rates else "–")
    lines.append("| **all** | " + " | ".join(avg) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--catalogs", nargs="*", help="only these (default: the whole group)")
    ap.add_argument("--untouched", action="store_true", help="the untouched group (needs --first-run)")
    ap.add_argument("--untouched-dir", default=None, help="another untouched folder (default benchmarks/untouched)")
    ap.add_argument("--no-llm", action="store_true", help="no LLM at all: the rules alone (a brain-ordering run)")
    ap.add_argument("--report", nargs="+", metavar="NAME", help="print the recorded first runs of these catalogs, by brain")
    ap.add_argument("--first-run", action="store_true", help="the one run of an untouched catalog")
    ap.add_argument("--every", type=int, default=1, help="every N-th request only (a fixed subsample)")
    ap.add_argument("--tag", default=time.strftime("%Y%m%d-%H%M%S"))
    ap.add_argument("--md", default=None, help="also write the tables to this Markdown file")
    ap.add_argument("--llm")
    ap.add_argument("--model")
    ap.add_argument("--base-url")
    args = ap.parse_args(argv)
    if args.report:
        print(first_runs_table(args.report))
        return 0
    if args.untouched_dir:
        args.untouched = True
    group = catalogs(args.untouched, Path(args.untouched_dir).resolve() if args.untouched_dir else None)
    brain = "none" if args.no_llm else (args.model or ("endpoint" if (args.base_url or args.llm == "openai") else ""))
    suffix = f"@{brain}" if brain else ""  # the default brain (embedded 0.5B) is the headline first run
    names = args.catalogs or list(group)
    unknown = [n for n in names if n not in group]
    if unknown:
        print(f"not in the {'untouched' if args.untouched else 'development'} group: {', '.join(unknown)} "
              f"(there: {', '.join(group)})", file=sys.stderr)
        return 2
    if args.untouched:
        if not args.first_run:
            print("an untouched catalog runs once, with --first-run (see benchmarks/untouched/README.md)", file=sys.stderr)
            return 2
        done = [n for n in names if (RESULTS / f"first-run-{n}{suffix}.json").is_file()]
        if done:
            print(f"already run once: {', '.join(done)} — move them to benchmarks/catalogs/ to develop", file=sys.stderr)
            return 2
        if args.every != 1:
            print("a first run runs every request (no --every)", file=sys.stderr)
            return 2
    ae = _agent_eval()
    from convrec.api import Agent
    from convrec.config import llm_overrides, load_config

    base = load_config()
    cfg = load_config(overrides={**llm_overrides(args.llm, args.model, args.base_url), "home": str(base.home)})
    RESULTS.mkdir(parents=True, exist_ok=True)
    summaries, tables = {}, []
    with tempfile.TemporaryDirectory() as tmp:
        agents: dict = {}
        llm = None

        def make_agent(dataset: str):
            nonlocal llm
            if dataset not in agents:
                ae.ensure_catalog(dataset, group[dataset][0] if dataset in group else None, no_llm=args.no_llm)
                agents[dataset] = Agent.from_config(cfg, dataset=dataset, llm=_no_brain() if args.no_llm else llm,
                                                    sessions_db=Path(tmp) / "s.db")
                if args.no_llm:
                    from convrec.eval.build import apply_ablations

                    apply_ablations(agents[dataset].strategy, agents[dataset].catalog, ["llm"])
                else:
                    llm = agents[dataset].strategy.llm  # one model in memory for every catalog
            return agents[dataset]

        for n in names:
            _, reqs = group[n]
            s = ae.run_set(reqs, argparse.Namespace(every=args.every), make_agent)
            summaries[n] = s
            if args.first_run:
                (RESULTS / f"first-run-{n}{suffix}.json").write_text(json.dumps(
                    {"llm": "none" if args.no_llm else cfg.llm.backend,
                     "model": None if args.no_llm else (cfg.llm.model or "qwen2.5-coder-0.5b"), "sets": [s],
                     "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}, indent=1))
            tables.append(table(n, s, None if args.first_run else first_run(n)))
    (RESULTS / f"{args.tag}.json").write_text(json.dumps({"every": args.every, "untouched": args.untouched,
                                                          "catalogs": summaries}, indent=1))
    total = sum(s["passed"] for s in summaries.values()), sum(s["requests"] for s in summaries.values())
    head = (f"{'untouched first run' if args.first_run else 'development catalogs'}: {total[0]}/{total[1]} passed; "
            f"per catalog: " + ", ".join(f"{n} {s['passed']}/{s['requests']}" for n, s in summaries.items()))
    text = head + "\n\n" + "\n\n".join(tables) + "\n"
    print(text)
    if args.md:
        Path(args.md).write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
