"""The evaluation harness end to end with a scripted LLM: every protocol, baselines, the
simulator guard, resume."""

from __future__ import annotations

import json

import pytest

from convrec.core.turn import Turn
from convrec.catalog.store import prepare
from convrec.eval.build import evaluate
from convrec.eval.harness import PROTOCOLS, Case, CaseRunner, RunSpec, RunStore
from convrec.eval.simulator import UserSimulator
from convrec.errors import ConvrecError
from convrec.llm.fake import ScriptedLLM
from convrec.core.catalog import CatalogAccess

PLAN = {"action": "use_tools", "steps": [{"tool": "rank", "schema": "popularity"}, {"tool": "fetch", "k": 10}]}


class RoutingLLM(ScriptedLLM):
    """Answers by which prompt it is sent, forever."""

    def __init__(self, sim_text="I want a drama movie."):
        super().__init__([])
        self.sim_text = sim_text

    def _next(self, messages):
        system = messages[0]["content"]
        if system.startswith("You plan tool calls"):
            return json.dumps(PLAN)
        if system.startswith("You play a user"):
            return self.sim_text(messages) if callable(self.sim_text) else self.sim_text
        if '"titles"' in system:
            return json.dumps({"titles": ["Toy Story", "Forrest Gump", "Not A Real Film Zqx"], "reply": "Try these."})
        if '"picks"' in system:
            return json.dumps({"picks": [2, 1], "reply": "These fit."})
        if system.startswith("You write the last message"):
            return "I loved those films, they were great."
        return "Here you go."


@pytest.fixture(scope="module")
def catalog(session_config):
    return CatalogAccess(prepare(session_config, "movielens-small"), session_config)


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_every_protocol_quick_with_the_agent(protocol, catalog, session_config, tmp_path):
    spec = RunSpec.for_protocol(protocol, "movielens-small", "interecagent", quick=True, llm="fake", sim_llm="fake")
    llm = RoutingLLM()
    s = evaluate(spec, session_config, catalog.ds, catalog, tmp_path / "run", llm=llm, sim_llm=llm)
    assert s["protocol"] == protocol and s["n"] == 3 and s["strategy"] == "interecagent"
    # the opening sentence always; the planner only where a request left words ungrounded
    assert s["llm_calls_per_turn"] >= 1 and s["turn_latency_p50_s"] > 0
    recs = [json.loads(l) for l in (tmp_path / "run" / "conversations.jsonl").read_text().splitlines()]
    assert len(recs) == 3 and all(r["turns"] for r in recs)
    t = recs[0]["turns"][0]
    assert {"user", "reply", "items", "llm_calls", "tokens", "latency_ms", "trace"} <= set(t)
    assert t["items"] and t["trace"][0]["tool"] in ("rank", "store_candidates", "hard_filter", "similar_to")
    if protocol in ("simulator", "long-chat", "long-context"):
        assert recs and all(len(r["turns"]) == (spec.turns if r["hit_turn"] is None else r["hit_turn"]) for r in recs)
    if protocol == "long-chat":
        assert [t["casual"] for t in recs[0]["turns"]] == [False] * 5 + [True] * (len(recs[0]["turns"]) - 5)
    if protocol == "one-turn-ranking":
        assert recs and all(len(r["candidates"]) == 20 and r["target"] in r["candidates"] for r in recs)
        assert set(recs[0]["turns"][0]["items"]) <= set(recs[0]["candidates"]) and len(recs[0]["turns"][0]["items"]) == 20
    if protocol == "requests":
        assert {"factual@10", "hit@10", "precision@10", "sim@10", "pop50@10", "rpop50@10", "entropy@10",
                "maxfreq@10"} <= set(s["metrics"])


@pytest.mark.parametrize("strategy", ["baseline-random", "baseline-popularity", "baseline-llm-only", "baseline-llm-div",
                                      "baseline-chat-rec"])
def test_baselines_on_one_turn_protocols(strategy, catalog, session_config, tmp_path):
    llm = RoutingLLM()
    for protocol in ("one-turn-retrieval", "one-turn-ranking", "requests"):
        spec = RunSpec.for_protocol(protocol, "movielens-small", strategy, quick=True)
        s = evaluate(spec, session_config, catalog.ds, catalog, tmp_path / protocol, llm=llm, sim_llm=llm)
        assert s["n"] == 3
        recs = [json.loads(l) for l in (tmp_path / protocol / "conversations.jsonl").read_text().splitlines()]
        items = recs[0]["turns"][0]["items"]
        assert items and len(items) == len(set(items)) and len(items) <= spec.k
        if protocol == "one-turn-ranking":
            assert set(items) <= set(recs[0]["candidates"])
    if strategy in ("baseline-llm-only", "baseline-llm-div"):  # 3 names, 2 real: Factual = 2/3
        assert s["metrics"]["factual@10"] == pytest.approx(2 / 3)
        free = [c["messages"][-1]["content"] for c in llm.calls if "Recommend 10" in c["messages"][-1]["content"]]
        assert free and all(("diverse" in m) == (strategy == "baseline-llm-div") for m in free)
        assert recs[0]["turns"][0]["titles"][:2] == ["Toy Story", "Forrest Gump"]


def test_session_hit_is_detected_by_id(catalog):
    class Oracle:  # recommends the target on the second turn
        user_id, calls = "", 0

        def new_session(self):
            return "s"

        def turn(self, message, session=None, candidates=None, k=None):
            self.calls += 1
            ids = [target] if self.calls == 2 else ["1"]
            return Turn("ok", [{"id": i, "title": catalog.title(i)} for i in ids], session="s")

    target = "2571"
    spec = RunSpec.for_protocol("simulator", "movielens-small", "interecagent")
    runner = CaseRunner(spec, Oracle(), catalog, UserSimulator(RoutingLLM(), catalog))
    rec = runner.run(Case("u1", ["1", "2", "3"], target))
    assert rec["hit_turn"] == 2 and len(rec["turns"]) == 2 and rec["turns"][1]["hit"] and rec["hit_text_turn"] == 2


def test_simulator_guard_regenerates_a_leak(catalog):
    said = iter(["I want The Matrix please", "I want a sci-fi action movie from the 90s."])
    sim = UserSimulator(RoutingLLM(lambda m: next(said)), catalog)
    persona = sim.persona(["1", "2"], "2571")
    assert "Matrix" not in persona.info and "imdb" not in persona.info
    msg = sim.message(persona, [])
    assert msg == "I want a sci-fi action movie from the 90s." and sim.regenerations == 1 and sim.fallbacks == 0
    always = UserSimulator(RoutingLLM("Is it the matrix? The Matrix!"), catalog)
    msg = always.message(persona, [])
    assert always.fallbacks == 1 and not always.leaks(msg, persona) and "matrix" not in msg.lower()
    assert always.leaks("have you seen THE MATRIX (1999)?", persona) and not always.leaks("mathematics", persona)


def test_resume_reproduces_the_same_results(catalog, session_config, tmp_path):
    spec = RunSpec.for_protocol("topn", "movielens-small", "baseline-random", n=6, runs=2)
    full = evaluate(spec, session_config, catalog.ds, catalog, tmp_path / "a")
    lines = (tmp_path / "a" / "conversations.jsonl").read_text().splitlines()
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "run.json").write_text((tmp_path / "a" / "run.json").read_text())
    # killed after 5 cases, mid-way through writing the 6th
    (tmp_path / "b" / "conversations.jsonl").write_text("\n".join(lines[:5]) + "\n" + lines[5][:40])
    seen = []
    resumed = evaluate(spec, session_config, catalog.ds, catalog, tmp_path / "b", progress=lambda a, t: seen.append((a, t)))
    assert seen[0] == (5, 12) and resumed["metrics"] == full["metrics"] and resumed["n"] == 12
    a = {json.loads(l)["case"]: json.loads(l)["turns"][0]["items"] for l in lines}
    b = {}
    for l in (tmp_path / "b" / "conversations.jsonl").read_text().splitlines():
        try:
            r = json.loads(l)
        except json.JSONDecodeError:
            continue
        b[r["case"]] = r["turns"][0]["items"]
    assert a == b


def test_one_topn_sample_runs_alone_and_the_rest_later(catalog, session_config, tmp_path):
    """``samples=[1]`` runs the second user sample only (a later sitting, another machine); its
    numbers are the ones the full run reports for that sample."""
    spec = RunSpec.for_protocol("topn", "movielens-small", "toolrec-sasrec", n=4)
    only = evaluate(spec, session_config, catalog.ds, catalog, tmp_path / "r", samples=[1])
    recs = [json.loads(l) for l in (tmp_path / "r" / "conversations.jsonl").read_text().splitlines()]
    assert len(recs) == 4 and {r["case"].split(":")[0] for r in recs} == {"r1"}
    assert only["metrics"]["runs"] == 1 and [r["sample"] for r in only["metrics"]["per_sample"]] == [2]
    assert only["total_time_s"] >= 0
    seen = []
    full = evaluate(spec, session_config, catalog.ds, catalog, tmp_path / "r", progress=lambda a, t: seen.append((a, t)))
    assert seen[0] == (4, 12) and full["metrics"]["runs"] == 3
    assert [r["sample"] for r in full["metrics"]["per_sample"]] == [1, 2, 3]
    assert full["metrics"]["per_sample"][1] == only["metrics"]["per_sample"][0]
    fresh = evaluate(spec, session_config, catalog.ds, catalog, tmp_path / "f")
    assert fresh["metrics"] == full["metrics"]  # the order the samples ran in changes nothing


def test_a_run_is_extended_by_a_larger_n(catalog, session_config, tmp_path):
    small = RunSpec.for_protocol("requests", "movielens-small", "baseline-popularity", n=3)
    first = evaluate(small, session_config, catalog.ds, catalog, tmp_path / "r")
    seen = []
    big = RunSpec.for_protocol("requests", "movielens-small", "baseline-popularity", n=5)
    more = evaluate(big, session_config, catalog.ds, catalog, tmp_path / "r", progress=lambda a, t: seen.append((a, t)))
    assert seen[0] == (3, 5) and seen.count((1, 0)) == 2 and more["n"] == 5  # only the 2 missing cases ran
    lines = [json.loads(l) for l in (tmp_path / "r" / "conversations.jsonl").read_text().splitlines()]
    assert len(lines) == 5 and first["n"] == 3
    again = evaluate(small, session_config, catalog.ds, catalog, tmp_path / "r", progress=lambda a, t: seen.append((a, t)))
    assert again["metrics"] == first["metrics"] and seen[-1] == (3, 3)  # a smaller n: its first cases, nothing runs


def test_a_run_dir_of_another_run_is_refused(tmp_path):
    RunStore(tmp_path, RunSpec.for_protocol("topn", "movielens-small", "baseline-random")).append({"case": "x", "turns": []})
    with pytest.raises(ConvrecError, match="different run"):
        RunStore(tmp_path, RunSpec.for_protocol("topn", "movielens-small", "baseline-popularity"))


def test_summary_from_disk_after_resume_and_report(catalog, session_config, tmp_path):
    from convrec.eval.report import build_report
    from convrec.eval.summary import load_run, summarize

    runs = []
    for strategy in ("baseline-random", "baseline-popularity"):
        spec = RunSpec.for_protocol("requests", "movielens-small", strategy, n=5)
        live = evaluate(spec, session_config, catalog.ds, catalog, tmp_path / strategy)
        spec_d, recs = load_run(tmp_path / strategy)
        assert summarize(spec_d, recs, catalog)["metrics"] == live["metrics"]
        runs.append(tmp_path / strategy)
    sim = RunSpec.for_protocol("simulator", "movielens-small", "interecagent", quick=True, llm="fake", sim_llm="fake")
    llm = RoutingLLM()
    evaluate(sim, session_config, catalog.ds, catalog, tmp_path / "sim", llm=llm, sim_llm=llm)
    res = build_report(runs + [tmp_path / "sim"], tmp_path / "report", lambda name: catalog)
    md = (tmp_path / "report" / "report.md").read_text()
    assert "| baseline-random | 5 |" in md and "| baseline-popularity | 5 |" in md and "## simulator" in md
    assert "hit-by-turn" in " ".join(res["plots"])
    for p in res["plots"]:
        assert (tmp_path / "report" / p).stat().st_size > 1000  # a real PNG
    assert "<table>" in (tmp_path / "report" / "report.html").read_text()


def test_cli_eval_json_and_bad_input(tmp_path):
    from test_cli_data import assert_clean_error
    from test_cli_data import run as run_cli

    def run(*args):
        return run_cli(["eval", *args], tmp_path / "home")

    r = run("topn", "-s", "baseline-popularity", "--quick", "--json", "--out", str(tmp_path / "t"))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    assert len(lines) == 1
    d = json.loads(lines[0])
    assert d["protocol"] == "topn" and d["strategy"] == "baseline-popularity" and d["n"] == 3
    assert {"recall@10", "ndcg@10"} <= set(d["metrics"]) and "llm_calls_per_turn" in d and "turn_latency_p50_s" in d
    r = run("report", str(tmp_path / "t"), "--out", str(tmp_path / "rep"))
    assert r.returncode == 0 and (tmp_path / "rep" / "report.md").is_file()
    for bad, msg in [(["topn", "-s", "nope"], "unknown strategy"), (["topn", "-d", "nope"], "nope"),
                     (["report", str(tmp_path / "missing")], "does not exist"),
                     (["topn", "-s", "random", "--reflection", "1"], "interecagent"),
                     (["topn", "-s", "random", "--sample", "2", "--samples", "1"], "not both"),
                     (["requests", "-s", "random", "--sample", "2"], "topn protocol only")]:
        assert_clean_error(run(*bad), msg)
