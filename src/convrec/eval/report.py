"""``convrec eval report RUN_DIR...``: tables side by side and plots, as Markdown and HTML.

Everything is computed from the runs' saved conversations. Plots (PNG, matplotlib with the
non-interactive Agg backend): hit rate by turn (session protocols), turn latency distribution,
LLM calls per turn, popularity histogram of recommended items.
"""

from __future__ import annotations

import html
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from convrec.eval.summary import load_run, summarize


def _fmt(v: Any) -> str:
    if v is None:
        return "–"
    if isinstance(v, float):
        return f"{v:.3f}"
    return str(v)


def build_report(run_dirs: list[Path], out: Path, catalog_for=None) -> dict[str, Any]:
    """Write ``report.md``, ``report.html`` and PNGs into ``out``; returns the summaries.
    ``catalog_for(dataset)`` gives a CatalogAccess (popularity, embeddings) or None."""
    out.mkdir(parents=True, exist_ok=True)
    runs = []
    for d in run_dirs:
        spec, recs = load_run(d)
        cat = catalog_for(spec["dataset"]) if catalog_for else None
        runs.append((d, spec, recs, summarize(spec, recs, cat), cat))
    groups: dict[tuple[str, str], list] = defaultdict(list)
    for r in runs:
        groups[(r[1]["protocol"], r[1]["dataset"])].append(r)
    md = ["# convrec evaluation report", ""]
    plots: list[tuple[str, str]] = []
    for (protocol, dataset), rs in groups.items():
        md += [f"## {protocol} · {dataset}", ""]
        spec0 = rs[0][1]
        md.append(f"Sample: {', '.join(sorted({str(r[3]['n']) for r in rs}))} cases · seed {spec0.get('seed')} · "
                  f"LLM: {', '.join(sorted({r[1].get('llm') or '–' for r in rs}))}"
                  + (f" · simulator LLM: {spec0.get('sim_llm')}" if spec0.get("sim_llm") else "")
                  + (f" · {spec0.get('turns')} turns max" if protocol in ("simulator", "long-chat", "long-context") else ""))
        md.append("")
        keys: list[str] = []
        for r in rs:
            for key, v in r[3]["metrics"].items():
                if not isinstance(v, list) and key not in keys:
                    keys.append(key)
        head = ["strategy", "n"] + keys + ["LLM calls/turn", "p50 s", "p95 s"]
        md.append("| " + " | ".join(head) + " |")
        md.append("|" + "---|" * len(head))
        for d, spec, recs, s, _ in rs:
            name = spec["strategy"] + ("" if spec.get("memory", True) else " (no memory)") + \
                (f" (reflection {spec['reflection']})" if spec.get("reflection") else "")
            row = [name, str(s["n"])] + [_fmt(s["metrics"].get(key)) for key in keys] + \
                [_fmt(s["llm_calls_per_turn"]), _fmt(s["turn_latency_p50_s"]), _fmt(s["turn_latency_p95_s"])]
            md.append("| " + " | ".join(row) + " |")
        md.append("")
        slug = f"{protocol}-{dataset}"
        for fname, title in _plots(slug, protocol, rs, out):
            md.append(f"![{title}]({fname})")
            plots.append((fname, title))
        md.append("")
    (out / "report.md").write_text("\n".join(md) + "\n", encoding="utf-8")
    (out / "report.html").write_text(_html(md), encoding="utf-8")
    (out / "summaries.json").write_text(json.dumps([r[3] for r in runs], indent=1, default=str), encoding="utf-8")
    return {"report": str(out / "report.md"), "html": str(out / "report.html"), "plots": [p[0] for p in plots],
            "summaries": [r[3] for r in runs]}


def _plots(slug: str, protocol: str, rs, out: Path) -> list[tuple[str, str]]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    made = []
    label = lambda spec: spec["strategy"] + ("" if spec.get("memory", True) else " (no memory)")  # noqa: E731
    if protocol in ("simulator", "long-chat", "long-context"):
        fig, ax = plt.subplots(figsize=(6, 3.5))
        for _, spec, _, s, _ in rs:
            curve = s["metrics"].get("hit_by_turn", [])
            ax.plot(range(1, len(curve) + 1), curve, marker="o", label=label(spec))
        ax.set_xlabel("turn")
        ax.set_ylabel("hit rate (cumulative)")
        ax.set_ylim(0, 1)
        ax.legend(fontsize=8)
        ax.set_title(f"Hit rate by turn · {protocol}")
        made.append(_save(fig, out / f"{slug}-hit-by-turn.png", plt))
    fig, ax = plt.subplots(figsize=(6, 3.5))
    for _, spec, recs, _, _ in rs:
        lat = [t["latency_ms"] / 1000 for r in recs for t in r["turns"]]
        if lat:
            ax.hist(lat, bins=20, alpha=0.5, label=label(spec))
    ax.set_xlabel("turn latency (s)")
    ax.set_ylabel("turns")
    ax.legend(fontsize=8)
    ax.set_title("Turn latency")
    made.append(_save(fig, out / f"{slug}-latency.png", plt))
    fig, ax = plt.subplots(figsize=(6, 3.5))
    names = [label(spec) for _, spec, _, _, _ in rs]
    ax.bar(names, [s["llm_calls_per_turn"] for *_, s, _ in rs])
    ax.set_ylabel("LLM calls per turn")
    ax.tick_params(axis="x", labelsize=8, rotation=20)
    ax.set_title("LLM calls per turn")
    made.append(_save(fig, out / f"{slug}-llm-calls.png", plt))
    cat = next((c for *_, c in rs if c is not None), None)
    if cat is not None:
        pop = dict(zip(cat.ds.items["item_id"].astype(str), cat.ds.items["popularity"].astype(float)))
        fig, ax = plt.subplots(figsize=(6, 3.5))
        for _, spec, recs, _, _ in rs:
            vals = [pop.get(i, 0.0) for r in recs for t in r["turns"] for i in t["items"]]
            if vals:
                ax.hist(np.log1p(vals), bins=20, alpha=0.5, label=label(spec))
        ax.set_xlabel("log(1 + popularity) of recommended items")
        ax.set_ylabel("recommendations")
        ax.legend(fontsize=8)
        ax.set_title("Popularity of recommended items")
        made.append(_save(fig, out / f"{slug}-popularity.png", plt))
    return made


def _save(fig, path: Path, plt) -> tuple[str, str]:
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path.name, path.stem.replace("-", " ")


def _html(md: list[str]) -> str:
    """A small Markdown subset (headings, tables, images, paragraphs) as standalone HTML."""
    body, table = [], []

    def flush():
        if table:
            rows = [r for r in table if not set(r.replace("|", "").strip()) <= {"-"}]
            cells = [[html.escape(c.strip()) for c in r.strip().strip("|").split("|")] for r in rows]
            body.append("<table><tr>" + "".join(f"<th>{c}</th>" for c in cells[0]) + "</tr>" +
                        "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in cells[1:]) + "</table>")
            table.clear()

    for line in md:
        if line.startswith("|"):
            table.append(line)
            continue
        flush()
        if line.startswith("## "):
            body.append(f"<h2>{html.escape(line[3:])}</h2>")
        elif line.startswith("# "):
            body.append(f"<h1>{html.escape(line[2:])}</h1>")
        elif line.startswith("!["):
            alt, src = line[2:].split("](", 1)
            body.append(f'<img src="{html.escape(src[:-1])}" alt="{html.escape(alt)}">')
        elif line.strip():
            body.append(f"<p>{html.escape(line)}</p>")
    flush()
    style = ("body{font-family:sans-serif;max-width:1000px;margin:2em auto}table{border-collapse:collapse}"
             "td,th{border:1px solid #ccc;padding:4px 8px;text-align:right}td:first-child{text-align:left}"
             "img{max-width:48%;margin:4px}")
    return f"<!doctype html><html><head><meta charset='utf-8'><title>convrec evaluation</title><style>{style}</style>" \
           f"</head><body>{''.join(body)}</body></html>\n"
