"""``convrec eval <protocol>``: the papers' protocols over any strategy, saved as JSONL.

A run lives in one directory: ``run.json`` (what was run: protocol, strategy, dataset, LLMs,
sample size, seed) and ``conversations.jsonl`` (one line per finished case: every turn with
its items, trace, latency, LLM calls and tokens). A killed run continues where it stopped:
cases already in the file are skipped. Metrics are computed from the file
(:mod:`convrec.eval.summary`), so reports can be regenerated without re-running.

Protocols
    simulator           session-wise LLM user simulator, Hit@k / AT@k (k = 5 turns)
    long-chat           up to 50 turns, informative and casual every 5 turns, Hit@50 / AT@50
    long-context        a synthesised multi-day earlier conversation loaded first, then simulator
    one-turn-retrieval  a short conversation ending in "give me 5 recommendations", Recall@5
    one-turn-ranking    the target plus 19 sampled negatives as candidates, NDCG@20
    topn                leave-one-out top-10, Recall@10 / NDCG@10 over 3 user samples
    requests            free-form requests with ground-truth item sets, OMuleT metrics
    dialogues           real recommendation dialogues (ReDial): the conversation as context,
                        the last user turn as the message; Recall@1/5/10/20 of the movies the
                        human recommender suggested next, raw and with mentioned movies removed,
                        next to the reference system's hit flags read from the same file
"""

from __future__ import annotations

import json
import random
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from convrec.strategies import ABLATIONS  # noqa: F401 (re-exported)
from convrec.catalog.dialogues import FOLDS, parse_context, read_dialogues  # noqa: F401 (re-exported)
from convrec.errors import ConvrecError
from convrec.eval.simulator import UserSimulator

PROTOCOLS = ("simulator", "long-chat", "long-context", "one-turn-retrieval", "one-turn-ranking", "topn", "requests",
             "dialogues")
"""dialogues: ``tune`` = cases on even lines of the file, ``holdout`` = odd lines (never tuned on)."""
SESSION_PROTOCOLS = ("simulator", "long-chat", "long-context")


@dataclass
class RunSpec:
    protocol: str
    dataset: str
    strategy: str
    n: int = 30
    seed: int = 0
    llm: str = ""
    sim_llm: str = ""
    turns: int = 5
    """Turn limit of the session protocols (k of Hit@k / AT@k)."""
    k: int = 10
    """Length of a recommendation list (5 for one-turn retrieval, 20 for ranking)."""
    memory: bool = True
    conversation: str = "template"
    """one-turn conversations: ``template`` or ``llm`` (generated with the paper's prompt)."""
    runs: int = 3
    """topn: independent user samples (mean ± std)."""
    reflection: int = 0
    requests_file: str | None = None
    cases_file: str | None = None
    """dialogues: the JSONL of dialogue cases (default: $CONVREC_DATA/redial-dev/cases.jsonl)."""
    fold: str = "all"
    """dialogues: all | tune (even lines) | holdout (odd lines)."""
    ablate: tuple[str, ...] = ()
    """Signals switched off in the strategy (see :data:`convrec.core.registry.ABLATIONS`)."""
    form: str = "messages"
    """dialogues: how the conversation reaches the agent — ``messages`` (earlier turns as
    messages, as the API gives them) or ``pasted`` (the whole conversation as "User: … /
    Recommender: …" lines in one message, as typed into ``convrec ask``)."""

    @classmethod
    def for_protocol(cls, protocol: str, dataset: str, strategy: str, quick: bool = False, **kw) -> "RunSpec":
        if protocol not in PROTOCOLS:
            raise ConvrecError(f"unknown protocol '{protocol}' (choose {', '.join(PROTOCOLS)})")
        defaults: dict[str, Any] = {"simulator": dict(turns=5, k=10), "long-chat": dict(turns=50, k=10),
                                    "long-context": dict(turns=5, k=10), "one-turn-retrieval": dict(k=5),
                                    "one-turn-ranking": dict(k=20), "topn": dict(k=10), "requests": dict(k=10),
                                    "dialogues": dict(k=20, n=400)}[protocol]
        if quick:
            defaults.update(n=3, runs=1)
            if protocol in SESSION_PROTOCOLS:
                defaults["turns"] = {"long-chat": 6}.get(protocol, 3)
        defaults.update({k: v for k, v in kw.items() if v is not None})
        return cls(protocol=protocol, dataset=dataset, strategy=strategy, **defaults)

    def identity(self) -> dict[str, Any]:
        """What must match for a run directory to be resumed. ``n`` is not part of it: a run
        resumed with a larger ``n`` is extended by the missing cases (each record belongs to its
        case, whatever the run's size), one with a smaller ``n`` reports its first cases."""
        d = asdict(self)
        d.pop("n")
        d["ablate"] = list(self.ablate)
        if self.protocol != "dialogues":  # older run directories have no such keys
            for key in ("cases_file", "fold"):
                d.pop(key)
        if not self.ablate:
            d.pop("ablate")
        if self.form == "messages":
            d.pop("form")
        return d


def default_run_dir(home: Path, spec: RunSpec) -> Path:
    llm = (spec.llm or "none").replace("/", "_").replace(":", "_")
    mem = "" if spec.memory else "-nomem"
    refl = f"-refl{spec.reflection}" if spec.reflection else ""
    abl = "".join(f"-no_{a}" for a in spec.ablate)
    fold = f"-{spec.fold}" if spec.protocol == "dialogues" and spec.fold != "all" else ""
    fold += "-pasted" if spec.form == "pasted" else ""
    return home / "eval" / spec.protocol / f"{spec.strategy}{mem}{refl}{abl}-{spec.dataset}{fold}-n{spec.n}-s{spec.seed}-{llm}"


# ---------------------------------------------------------------- cases
@dataclass
class Case:
    case_id: str
    history: list[str] = field(default_factory=list)
    target: str | None = None
    truth: list[str] = field(default_factory=list)
    request: str | None = None
    run: int = 0
    context: list[dict[str, str]] = field(default_factory=list)
    """dialogues: the earlier turns as chat messages (role user / assistant)."""
    meta: dict[str, Any] = field(default_factory=dict)
    """dialogues: mentioned ids and the reference system's hit flags, copied to the record."""


def user_cases(ds, n: int, seed: int, run: int = 0) -> list[Case]:
    from convrec.eval.models_eval import heldout_users

    if ds.manifest["split"]["test"] == 0:
        raise ConvrecError(f"dataset '{ds.name}' has no test interactions: this protocol needs users")
    td, hist, targets, users = heldout_users(ds, n, seed)
    ids = td.items.ids
    return [Case(f"r{run}:{u}" if run else str(u), ids[h].tolist(), str(ids[t]), run=run)
            for u, h, t in zip(users, hist, targets)]


def request_cases(ds, n: int, path: Path) -> list[Case]:
    if not path.is_file():
        raise ConvrecError(f"request set {path} does not exist (build one with scripts/build_requests.py)")
    known = set(ds.items["item_id"].astype(str))
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        r = json.loads(line)
        truth = [str(x) for x in r["truth"] if str(x) in known]
        if truth:
            out.append(Case(str(r["id"]), [str(x) for x in r.get("history", [])], truth=truth, request=r["request"]))
    return out[:n]




def dialogue_cases(path: Path, n: int, fold: str = "all", known: set[str] | None = None) -> list[Case]:
    """Cases of a dialogue file (see :func:`convrec.catalog.dialogues.read_dialogues`): the
    earlier turns are the context, the user's last message the request."""
    out = []
    for d in read_dialogues(path, fold, known):
        meta = {"mentioned": d.mentioned, "line": d.line}
        for key in ("gpt4_hit", "gpt4_hit_seen_removed", "target_titles"):
            if key in d.extra:
                meta[key] = d.extra[key]
        out.append(Case(d.dialogue_id, truth=d.targets, request=d.messages[-1]["content"],
                        context=d.messages[:-1], meta=meta))
    return out[:n]


def pasted(messages: Sequence[dict]) -> str:
    """A conversation as one message of "User: …" / "Recommender: …" lines."""
    return "\n".join(f"{'User' if m.get('role') == 'user' else 'Recommender'}: {m['content']}" for m in messages)


def default_dialogues_file(config) -> Path:
    return config.data_root / "redial-dev" / "cases.jsonl"


def default_requests_file(dataset: str) -> Path:
    return Path(__file__).parent / "data" / f"{dataset}-requests.jsonl"


# ---------------------------------------------------------------- one case
class CaseRunner:
    """Runs one case of a protocol against one strategy instance."""

    def __init__(self, spec: RunSpec, strategy, catalog, sim: UserSimulator | None, conv_llm=None):
        self.spec = spec
        self.strategy = strategy
        self.catalog = catalog
        self.sim = sim
        self.conv_llm = conv_llm

    def run(self, case: Case) -> dict[str, Any]:
        p = self.spec.protocol
        self.strategy.user_id = f"eval:{self.spec.protocol}:{case.case_id}"
        if hasattr(self.strategy, "reseed"):
            self.strategy.reseed(case.case_id)
        if p in SESSION_PROTOCOLS:
            return self._session(case)
        if p == "one-turn-retrieval":
            return self._one_turn(case, candidates=None)
        if p == "one-turn-ranking":
            return self._one_turn(case, candidates=self._ranking_candidates(case))
        if p == "topn":
            return self._topn(case)
        if p == "dialogues":
            return self._dialogue(case)
        return self._request(case)

    # -- helpers
    def _turn_record(self, message: str, turn, target: str | None = None) -> dict[str, Any]:
        ids = [it["id"] for it in turn.items]
        rec = {"user": message, "reply": turn.reply[:600], "items": ids, "titles": [it["title"] for it in turn.items],
               "llm_calls": turn.llm_calls, "tokens": getattr(turn, "tokens", 0), "latency_ms": round(turn.latency_ms, 1),
               "named_items": turn.named_items,
               "linked_items": getattr(turn, "linked_items", None), "repairs": list(turn.repairs),
               "trace": [{k: t.get(k) for k in ("tool", "input", "output", "candidates", "error", "ms")}
                         if "tool" in t or "step" not in t else t for t in turn.trace]}
        if target is not None:
            from convrec.tools.linking import normalize_title

            rec["hit"] = target in ids
            title = normalize_title(self.catalog.title(target))
            rec["hit_text"] = bool(title) and title in normalize_title(turn.reply + " " + " ".join(rec["titles"]))
        return rec

    def _titles(self, ids: Iterable[str]) -> list[str]:
        return [self.catalog.distinct_title(i) for i in ids]

    # -- session-wise (simulator, long-chat, long-context)
    def _session(self, case: Case) -> dict[str, Any]:
        assert self.sim is not None, "session protocols need a simulator LLM"
        spec, strat = self.spec, self.strategy
        history = case.history
        prior: list[dict[str, str]] = []
        if spec.protocol == "long-context":
            prior_ids = history[:-8] if len(history) > 8 else history[: len(history) // 2]
            history = history[len(prior_ids):]
            prior = self._load_long_context(prior_ids)
        persona = self.sim.persona(history, case.target)
        sid = strat.new_session()
        if prior and hasattr(strat, "load_prior"):
            strat.load_prior(sid, prior)
        conv: list[dict[str, str]] = []
        turns, hit_turn, hit_text_turn = [], None, None
        regen0, fall0 = self.sim.regenerations, self.sim.fallbacks
        for t in range(1, spec.turns + 1):
            casual = spec.protocol == "long-chat" and ((t - 1) // 5) % 2 == 1
            msg = self.sim.message(persona, conv, casual=casual)
            turn = strat.turn(msg, sid, k=spec.k)
            sid = turn.session or sid
            rec = self._turn_record(msg, turn, case.target)
            rec["casual"] = casual
            turns.append(rec)
            conv += [{"role": "user", "content": msg}, {"role": "assistant", "content": _assistant_text(turn)}]
            if rec["hit_text"] and hit_text_turn is None:
                hit_text_turn = t
            if rec["hit"]:
                hit_turn = t
                break
        return {"case": case.case_id, "target": case.target, "target_title": persona.target_title,
                "history": history[-20:], "prior_turns": len(prior), "turns": turns, "hit_turn": hit_turn,
                "hit_text_turn": hit_text_turn, "sim_regenerations": self.sim.regenerations - regen0,
                "sim_fallbacks": self.sim.fallbacks - fall0}

    def _load_long_context(self, prior_ids: list[str]) -> list[dict[str, str]]:
        """A multi-day earlier conversation made from the user's older history. convrec gets
        it as earlier sessions (long-term memory); baselines get it as chat context."""
        item = self.catalog.domain
        days, msgs = [prior_ids[i:i + 5] for i in range(0, min(len(prior_ids), 30), 5)], []
        strat = self.strategy
        store = getattr(strat, "store", None)
        for d, chunk in enumerate(days, 1):
            titles = self._titles(chunk)
            day = [{"role": "user", "content": f"(day {d}) I tried {', '.join(titles)} and enjoyed them."},
                   {"role": "assistant", "content": f"Great choices! I'll remember that you like these {item}s."}]
            msgs += day
            if store is not None:  # InteRecAgent: an earlier session with its profile
                from convrec.core.sessions import Profile

                sid = store.create(strat.user_id, self.catalog.ds.name, getattr(strat, "name", "agent"))
                for m in day:
                    store.add_message(sid, m["role"], m["content"])
                store.save_profile(sid, Profile(like_ids=list(chunk)))
        return [] if store is not None else msgs

    # -- one turn
    def _conversation(self, case: Case, k: int, rank: bool) -> tuple[str, str]:
        """(request message, how it was made)."""
        liked = self._titles(case.history[-3:][::-1])
        ask = "Which of these would I like most? Please rank them." if rank else f"Can you give me {k} recommendations?"
        if self.spec.conversation == "llm" and self.conv_llm is not None:
            from convrec.llm.errors import LLMError

            item = self.catalog.domain
            msgs = [{"role": "system", "content": f"You write the last message of a user in a chat with a {item} "
                                                  "recommender, in one or two casual sentences."},
                    {"role": "user", "content": f"The user recently enjoyed: {'; '.join(liked)}. Write their message: "
                                                f"they mention these {item}s and what they liked, then ask: {ask}"}]
            try:
                text = self.conv_llm.generate(msgs, max_tokens=80, temperature=0.7, purpose="conversation").text.strip()
                if text:
                    return (text if ask.lower() in text.lower() else f"{text} {ask}"), "llm"
            except LLMError:
                pass
        return f"I recently enjoyed {', '.join(liked[:-1])} and {liked[-1]}. {ask}" if len(liked) > 1 else \
            f"I recently loved {liked[0] if liked else 'a few things'}. {ask}", "template"

    def _ranking_candidates(self, case: Case) -> list[str]:
        rng = random.Random(f"{self.spec.seed}:{case.case_id}")
        seen = set(case.history) | {case.target}
        ids = self.catalog.ds.items["item_id"].astype(str).tolist()
        negs: list[str] = []
        while len(negs) < 19:
            x = rng.choice(ids)
            if x not in seen:
                seen.add(x)
                negs.append(x)
        cand = negs + [case.target]
        rng.shuffle(cand)
        return cand

    def _one_turn(self, case: Case, candidates: list[str] | None) -> dict[str, Any]:
        k = self.spec.k
        msg, made = self._conversation(case, k, rank=candidates is not None)
        if candidates is not None:
            msg += "\nCandidates: " + "; ".join(self._titles(candidates))
        sid = self.strategy.new_session()
        turn = self.strategy.turn(msg, sid, candidates=candidates, k=k)
        rec = self._turn_record(msg, turn, case.target)
        return {"case": case.case_id, "target": case.target, "conversation": made, "candidates": candidates,
                "turns": [rec]}

    def _topn(self, case: Case) -> dict[str, Any]:
        liked = self._titles(case.history[-10:])  # oldest first: sequential recommenders read the order
        item = self.catalog.domain
        msg = f"{item.capitalize()}s I enjoyed, oldest first: {'; '.join(liked)}. Recommend {self.spec.k} {item}s for me."
        sid = self.strategy.new_session()
        turn = self.strategy.turn(msg, sid, k=self.spec.k)
        return {"case": case.case_id, "run": case.run, "target": case.target, "turns": [self._turn_record(msg, turn, case.target)]}

    def _dialogue(self, case: Case) -> dict[str, Any]:
        sid = self.strategy.new_session()
        context = None if "context" in self.spec.ablate else case.context
        request = case.request
        if self.spec.form == "pasted" and context:
            request = pasted(context + [{"role": "user", "content": case.request}])
            context = None
        turn = self.strategy.turn(request, sid, k=self.spec.k, context=context)
        rec = self._turn_record(request, turn)
        return {"case": case.case_id, "truth": case.truth, "context_turns": len(case.context), **case.meta,
                "turns": [rec]}

    def _request(self, case: Case) -> dict[str, Any]:
        sid = self.strategy.new_session()
        turn = self.strategy.turn(case.request, sid, k=self.spec.k)
        return {"case": case.case_id, "truth": case.truth, "request": case.request,
                "turns": [self._turn_record(case.request, turn)]}


def _assistant_text(turn) -> str:
    text = turn.reply
    if turn.items:
        text += " Recommended: " + ", ".join(it["title"] for it in turn.items[:10])
    return text


# ---------------------------------------------------------------- the run
class RunStore:
    """``run.json`` + ``conversations.jsonl`` in one directory; appends are atomic per line."""

    def __init__(self, root: Path, spec: RunSpec, fresh: bool = False):
        self.root = root
        self.spec = spec
        root.mkdir(parents=True, exist_ok=True)
        self.meta_path = root / "run.json"
        self.conv_path = root / "conversations.jsonl"
        if fresh:
            self.conv_path.unlink(missing_ok=True)
        if self.meta_path.is_file() and self.conv_path.is_file():
            old = json.loads(self.meta_path.read_text())
            if {k: v for k, v in (old.get("spec") or {}).items() if k != "n"} != spec.identity():
                raise ConvrecError(f"{root} holds a different run ({old.get('spec', {}).get('protocol')}, "
                                   f"{old.get('spec', {}).get('strategy')}); use another --out or --fresh")
        self.meta_path.write_text(json.dumps({"spec": spec.identity(), "n": spec.n}, indent=1))
        self._lock = threading.Lock()
        if self.conv_path.is_file() and self.conv_path.stat().st_size:
            with open(self.conv_path, "rb") as f:
                f.seek(-1, 2)
                cut = f.read(1) != b"\n"
            if cut:  # a line cut by a kill: end it, so the next record starts on its own line
                with open(self.conv_path, "a", encoding="utf-8") as f:
                    f.write("\n")

    def done(self) -> dict[str, dict[str, Any]]:
        out = {}
        if self.conv_path.is_file():
            for line in self.conv_path.read_text(encoding="utf-8").splitlines():
                try:
                    rec = json.loads(line)
                except json.JSONDecodeError:
                    continue  # a line cut by a kill: that case runs again
                out[rec["case"]] = rec
        return out

    def append(self, rec: dict[str, Any]) -> None:
        line = json.dumps(rec, default=str, ensure_ascii=False) + "\n"
        with self._lock, open(self.conv_path, "a", encoding="utf-8") as f:
            f.write(line)
            f.flush()


def cases_for(spec: RunSpec, ds, config=None) -> list[Case]:
    if spec.protocol == "dialogues":
        path = Path(spec.cases_file) if spec.cases_file else default_dialogues_file(config)
        return dialogue_cases(path, spec.n, spec.fold, known=set(ds.items["item_id"].astype(str)))
    if spec.protocol == "requests":
        path = Path(spec.requests_file) if spec.requests_file else default_requests_file(ds.name)
        if not spec.requests_file and not path.is_file():
            # no shipped set for this dataset: build one from its interactions (reproducible)
            from convrec.eval.requests_set import build_request_set, write_request_set

            path = ds.dir / "requests.jsonl"
            if not path.is_file() or not path.read_text(encoding="utf-8").strip():
                reqs = build_request_set(ds, max(spec.n, 60), spec.seed)
                if not reqs:
                    raise ConvrecError(f"{ds.name}: no user has a history long enough to build requests from "
                                       "(give a request set with --requests)")
                write_request_set(path, reqs)
        return request_cases(ds, spec.n, path)
    if spec.protocol == "topn":
        return [c for r in range(spec.runs) for c in user_cases(ds, spec.n, spec.seed + r, run=r)]
    return user_cases(ds, spec.n, spec.seed)


def sample_filter(samples: int | Sequence[int] | None) -> set[int] | None:
    """The 0-based topn samples to run: ``None`` all, ``n`` the first n, a sequence those."""
    if samples is None:
        return None
    if isinstance(samples, int):
        return set(range(samples))
    return {int(x) for x in samples}


def run_eval(spec: RunSpec, ds, make_runner: Callable[[], CaseRunner], store: RunStore, workers: int = 1,
             progress: Callable[[int, int], None] | None = None, config=None,
             samples: int | Sequence[int] | None = None,
             fanout: Callable[[list[Case], Callable[[dict[str, Any]], None]], dict[str, dict[str, Any]]] | None = None,
             ) -> list[dict[str, Any]]:
    """Run every case not yet in ``store``; returns all records in case order. ``fanout`` runs
    the cases elsewhere (:mod:`convrec.eval.fanout`): given the cases and ``store.append``, it
    appends each record as its case ends and returns them by case id. ``samples``
    limits a topn run to some user samples (the rest stay to do): an int, the first ones; a
    sequence, those (0-based) samples — a later sitting on another machine can run sample 2 alone."""
    cases = cases_for(spec, ds, config)
    keep = sample_filter(samples)
    if keep is not None:
        cases = [c for c in cases if c.run in keep]
    done = store.done()
    todo = [c for c in cases if c.case_id not in done]
    if progress:
        progress(len(cases) - len(todo), len(cases))
    if todo and fanout is not None:
        done.update(fanout(todo, store.append))
    elif todo:
        if workers <= 1:
            runner = make_runner()
            for c in todo:
                rec = runner.run(c)
                store.append(rec)
                done[c.case_id] = rec
                if progress:
                    progress(1, 0)
        else:
            local = threading.local()

            def work(c: Case) -> dict[str, Any]:
                if not hasattr(local, "runner"):
                    local.runner = make_runner()
                rec = local.runner.run(c)
                store.append(rec)
                if progress:
                    progress(1, 0)
                return rec

            with ThreadPoolExecutor(workers) as ex:
                for c, rec in zip(todo, ex.map(work, todo)):
                    done[c.case_id] = rec
    return [done[c.case_id] for c in cases if c.case_id in done]
