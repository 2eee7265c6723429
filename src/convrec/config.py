"""One typed configuration object.

Precedence (lowest to highest): defaults < TOML file (``convrec.toml`` in the working
directory, or the file named by ``CONVREC_CONFIG``) < environment variables < CLI flags.
Nothing here runs at import time: call :func:`load_config` at the top of a program.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any, Literal, Mapping

from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError

from convrec.errors import ConfigError

PACKAGE_DIR = Path(__file__).resolve().parent


def repo_root() -> Path | None:
    """The source checkout this package runs from (editable install), if any."""
    candidate = PACKAGE_DIR.parent.parent
    if (candidate / "pyproject.toml").is_file():
        return candidate
    return None


def default_data_root(cwd: Path | None = None) -> Path:
    """``../shared/data`` relative to the repository root (or the working directory)."""
    roots = []
    root = repo_root()
    if root is not None:
        roots.append(root.parent / "shared" / "data")
    cwd = cwd or Path.cwd()
    roots.append(cwd.parent / "shared" / "data")
    roots.append(cwd / "shared" / "data")
    for r in roots:
        if r.is_dir():
            return r
    return roots[0]


class DataConfig(BaseModel):
    """Where datasets come from and how interactions are filtered."""

    model_config = ConfigDict(extra="forbid")

    root: Path | None = None
    """Directory holding the shared datasets (``CONVREC_DATA``); default ``../shared/data``."""
    kcore: int = Field(default=5, ge=1)
    """Iterative k-core filter on interactions (users and items with fewer are dropped)."""


class ModelsConfig(BaseModel):
    """How the catalog's models are built at scale."""

    model_config = ConfigDict(extra="forbid")

    text_encoder: Literal["auto", "minilm", "static"] = "auto"
    """Item text embeddings: ``minilm`` (all-MiniLM-L6-v2, the transformer), ``static`` (a static
    model distilled from it with model2vec: ~400x faster, a little less precise) or ``auto``
    (MiniLM up to ``static_above`` items, static above)."""
    static_above: int = Field(default=10_000, ge=0)
    """Catalogs with more items than this are embedded by the static encoder under ``auto`` (steam, 32k, is;
    movielens-small, 9,742, is not)."""
    sasrec_max_s: float | None = Field(default=600.0, gt=0)
    """Training time budget of each SASRec a prepare trains (the best validated weights are kept;
    None: until early stopping). steam trains in ~30 s; large catalogs hit it."""
    ann_above: int = Field(default=100_000, ge=0)
    """Above this many items, text search and similar items use an approximate-nearest-neighbour
    index (faiss IVF), and the order-free SASRec a maximum-inner-product index over its item
    vectors (a request's best items without a score for every item); exact at or below it."""


class LLMConfig(BaseModel):
    """The agent's LLM: the embedded local model (default) or any OpenAI-compatible endpoint."""

    model_config = ConfigDict(extra="forbid")

    backend: Literal["local", "openai"] = "local"
    """``local`` (llama.cpp in-process, offline) or ``openai`` (any OpenAI-compatible endpoint)."""
    model: str | None = None
    """Local: a registry name (``qwen2.5-coder-0.5b`` default, ``qwen2.5-coder-1.5b``) or a path to a
    GGUF file you trust. OpenAI: the model name (default: the first one the server lists)."""
    base_url: str | None = None
    """OpenAI-compatible endpoint (``CONVREC_LLM_BASE_URL``, else ``OPENAI_BASE_URL``)."""
    api_key: SecretStr | None = None
    """API key (``CONVREC_LLM_API_KEY``, else ``OPENAI_API_KEY``)."""
    sha256: str | None = None
    """Expected sha256 of a user-supplied GGUF file (checked once before first use)."""
    threads: int | None = Field(default=None, ge=1)
    """llama.cpp threads; unset = per call, all free cores (1 when another process is busy)."""
    n_ctx: int = Field(default=4096, ge=256)
    """Local context window in tokens."""
    max_tokens: int = Field(default=512, ge=1)
    """Default completion-token limit of one call."""
    temperature: float = Field(default=0.0, ge=0.0, le=2.0)
    seed: int = 0
    prefix_cache: bool = True
    """Keep the KV state of static prompt prefixes (system prompt, tools, schema) and reuse it."""
    prefix_cache_mb: int = Field(default=256, ge=0)
    """Memory budget for saved prefix states in one process."""
    prefix_cache_disk_mb: int = Field(default=256, ge=0)
    """Disk budget for prefix states saved under ``$CONVREC_HOME/llm/kv`` so that the next
    process (each ``convrec ask``) restores them instead of evaluating the prefix again; 0 = off.
    Least recently used files are removed first."""
    timeout_s: float = Field(default=60.0, gt=0)
    """Seconds one HTTP request may take (OpenAI backend)."""
    max_retries: int = Field(default=2, ge=0, le=10)
    """Retries after connection errors, timeouts, HTTP 429/5xx and malformed bodies."""
    backoff_s: float = Field(default=0.5, ge=0)
    max_backoff_s: float = Field(default=8.0, ge=0)
    """Cap on any single wait between retries, including a server's Retry-After."""
    json_mode: Literal["auto", "json_schema", "json_object_schema", "json_object", "prompt"] = "auto"
    """How the OpenAI backend asks for JSON; ``auto`` probes once and keeps what the server accepts."""
    fallback: bool = True
    """When the LLM cannot be reached, answer from the tools alone (the turn is marked
    ``degraded`` and a warning is printed); false: such a turn is an error (``--strict``)."""
    price_prompt_per_mtok: float = Field(default=0.0, ge=0)
    """US dollars per million prompt tokens, for the per-turn cost report."""
    price_completion_per_mtok: float = Field(default=0.0, ge=0)


class AgentConfig(BaseModel):
    """How the agent plans and answers."""

    model_config = ConfigDict(extra="forbid")

    k: int = Field(default=10, ge=1, le=30)
    """Items recommended when the user does not say how many."""
    n_demos: int = Field(default=3, ge=0, le=10)
    """Dynamic demonstrations put into the plan prompt."""
    reflection: int = Field(default=0, ge=0, le=5)
    """Actor-critic rounds: 0 = off; N = the critic may send the plan back at most N times."""
    demos_file: Path | None = None
    """Extra (request, plan) demonstrations, JSONL (as written by ``convrec demos generate``)."""
    llm_intro: Literal["auto", "on", "off"] = "auto"
    """Whether the LLM writes the sentence that introduces a recommendation list (checked before
    use); the titles, counts and conditions are always written from the verified result. auto:
    on, except for the embedded 0.5B model, whose sentences were measured to be wrong too often
    ("feel-good picks from the 90s" for films from 2005 on)."""
    phrase_reasons: Literal["on", "off"] = "off"
    """Whether the LLM says each listed item's reasons in one sentence of its own (one more call
    per reply, the top 5 items); every number, title, value and condition in a sentence is
    checked against that item's evidence (:mod:`convrec.core.phrasing`) and a sentence that fails
    is dropped, the computed reasons standing. Off by default: it costs a call per reply and the
    computed reasons already say the same (``CONVREC_PHRASE_REASONS=on`` to try it with a strong
    endpoint)."""
    brain_acts: Literal["auto", "on", "off"] = "auto"
    """Whether a short follow-up the act lexicon could not read ("got anything from further
    back?") goes to the LLM in one schema-constrained call whose options come from the catalog
    (why, details, more, recall, profile, the relative moves its columns allow, none) — only
    after a list was shown and when understanding grounded nothing in the message. auto: with any
    LLM but the embedded 0.5B model (measured: it misreads such messages and the call costs
    5–12 s on 2 cores, docs/results/conversations.md); on: always; off: the lexicon alone."""
    brain_read: Literal["auto", "on", "off"] = "auto"
    """Whether words of a recommendation or count request that no rule read go to the LLM in one
    schema-constrained call over this catalog's columns (:mod:`convrec.core.brain_read`); what it
    proposes is kept only where the catalog confirms it (a listed value, a number in range). auto:
    with any LLM but the embedded 0.5B model; on: always; off: the rules alone (unread words are
    named in the reply)."""
    planner: Literal["auto", "always", "never"] = "auto"
    """When the planner LLM writes the tool plan (``CONVREC_PLANNER``). auto: only when understanding
    left words of a single recommendation request ungrounded and no text model can rank by them (a
    request whose every word was linked to the catalog gets the plan the repairs would make of any
    plan, without the call; a conversation goes to the conversation ranker); always: on every
    recommendation request (the paper's plan-first loop); never: the plan comes from understanding
    alone (an ablation of the LLM's part)."""
    soft_brain: bool = False
    """Whether the LLM is asked, in one short schema-constrained call, which of this catalog's
    values (the enum: those closest in meaning) the words no rule could read stand for; its picks
    then order the list with the ones found by embedding. Off by default: see
    docs/results/open-world.md for the measured ladder."""
    user: str = Field(default="local", max_length=256)
    """Whose long-term memory ``convrec ask`` / ``chat`` keep and read (``--user``,
    ``CONVREC_USER``): one person's name; the default is the one local user of this machine.
    An empty name keeps session memory only."""


class OmuletConfig(BaseModel):
    """The OMuleT strategy (``--strategy omulet``)."""

    model_config = ConfigDict(extra="forbid")

    policy: Literal["fixed", "llm"] = "fixed"
    """fixed: the paper's hand-written policy P; llm: P_LLM, the LLM writes the tool calls."""
    drop: list[Literal["lookup", "linking", "retrieval", "filter", "format", "llm-intent", "llm-rank"]] = Field(
        default_factory=list)
    """Tool groups (or LLM steps) switched off, for ablations."""
    n_list: int = Field(default=20, ge=1, le=20)
    """How many items the LLM names at most (the paper: 20)."""
    n_candidates: int = Field(default=40, ge=5, le=100)
    """Candidates from the tools shown to the LLM."""
    novelty: float = Field(default=0.5, ge=0.0, le=5.0)
    """Popularity penalty in the rank step that orders the tools' candidates: z(score) −
    novelty · z(log popularity) (0 = the ranker's order). 0.5 was chosen on tuning requests of
    other users than the evaluation set (benchmarks/omulet_novelty.py): the lists' share of the 50
    most popular items then matches what steam users chose next (RPop50 ≈ 1) and halves
    MaxFreq@10 on movielens-small, for ≤ 1 hit in 100 there (5 in 100 on steam)."""
    order: Literal["global", "pools"] = "global"
    """global: the rank step orders all the tools' candidates in one list; pools: each tool's
    candidates are ordered by the rank step within that tool's list, and the lists are
    interleaved round-robin (every source keeps its share of the top)."""
    fuse: Literal["llm", "rrf"] = "llm"
    """llm: the LLM's names first, then the tools' order (the paper); rrf: reciprocal-rank fusion
    of the LLM's order and the tools' order (an item the LLM pulls up from deep in the listing
    is averaged with its place there)."""
    names: Literal["listed", "free"] = "listed"
    """listed: the LLM's names are constrained to the titles of the candidates it was shown (a
    JSON-schema enum: every name is a catalog item); free: the paper's open enumeration, names
    linked back afterwards (a name that links to nothing counts against Factual)."""


class ToolrecConfig(BaseModel):
    """The ToolRec strategy (``--strategy toolrec`` and its variants)."""

    model_config = ConfigDict(extra="forbid")

    max_rounds: int = Field(default=8, ge=1, le=8)
    """Thought/Action/Observation rounds at most (the paper: 8)."""
    n_retrieve: int = Field(default=20, ge=5, le=100)
    """Items per retrieval when the LLM does not say (and for the multi variant)."""
    n_rank: int = Field(default=20, ge=5, le=30)
    """Items the final rank step shows the LLM."""


class ServerConfig(BaseModel):
    """``convrec serve``: the HTTP service, its limits and its session store."""

    model_config = ConfigDict(extra="forbid")

    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=0, le=65535)
    api_key: str | None = None
    """Bearer token the API requires (``CONVREC_API_KEY``); required when binding beyond loopback."""
    db_url: str | None = None
    """Session store: a SQLite path or ``sqlite:///path`` (default ``$CONVREC_HOME/sessions.db``) or
    ``postgresql://...`` so several replicas share sessions (``CONVREC_DB_URL``)."""
    queue_size: int = Field(default=8, ge=1, le=1000)
    """Turns waiting for the agent at most; past it the server answers 429 with Retry-After."""
    workers: int = Field(default=1, ge=1, le=16)
    """Turns run at once in one process (the local LLM serves one call at a time: 1; a remote
    endpoint may take more); ``convrec serve --threads``."""
    processes: int = Field(default=1, ge=1, le=64)
    """Worker processes behind the one address (``convrec serve --workers``); with more than one,
    sessions belong in PostgreSQL and locks and limits in Redis (``redis_url``)."""
    redis_url: str | None = None
    """Redis that worker processes share session locks, admission and rate limits through
    (``CONVREC_REDIS_URL``, e.g. ``redis://127.0.0.1:6379/0``); unset: one process, in memory."""
    rate_limit: int = Field(default=0, ge=0)
    """Turns per minute one client (API key, else address) may ask for; 0: no limit."""
    timeout_s: float = Field(default=300.0, gt=0)
    """Per-turn time limit (queue wait included): past it the request gets 504; the turn itself
    still completes and is stored."""
    max_message: int = Field(default=20_000, ge=100)
    """Characters in one user message at most (longer: 413)."""
    max_body: int = Field(default=1_000_000, ge=1000)
    """Bytes in one request body at most (longer: 413)."""


class Config(BaseModel):
    """Everything configurable in convrec, as one object passed down from the top."""

    model_config = ConfigDict(extra="forbid")

    home: Path = Field(default_factory=lambda: Path.home() / ".cache" / "convrec")
    """Cache directory for prepared datasets, models and sessions (``CONVREC_HOME``)."""
    data: DataConfig = Field(default_factory=DataConfig)
    threads: int = Field(default=1, ge=1)
    """CPU threads for numeric work (torch, BLAS)."""
    llm: LLMConfig = Field(default_factory=LLMConfig)
    agent: AgentConfig = Field(default_factory=AgentConfig)
    omulet: OmuletConfig = Field(default_factory=OmuletConfig)
    toolrec: ToolrecConfig = Field(default_factory=ToolrecConfig)
    server: ServerConfig = Field(default_factory=ServerConfig)
    models: ModelsConfig = Field(default_factory=ModelsConfig)

    @property
    def data_root(self) -> Path:
        return self.data.root if self.data.root is not None else default_data_root()

    def dataset_dir(self, name: str) -> Path:
        return self.home / "datasets" / name


ENV_MAP: dict[str, tuple[str, ...]] = {
    "CONVREC_HOME": ("home",),
    "CONVREC_DATA": ("data", "root"),
    "CONVREC_THREADS": ("threads",),
    # LLM: the OPENAI_* names first, so the CONVREC_LLM_* ones win when both are set
    "OPENAI_BASE_URL": ("llm", "base_url"),
    "OPENAI_API_KEY": ("llm", "api_key"),
    "CONVREC_LLM_BACKEND": ("llm", "backend"),
    "CONVREC_LLM_BASE_URL": ("llm", "base_url"),
    "CONVREC_LLM_MODEL": ("llm", "model"),
    "CONVREC_LLM_API_KEY": ("llm", "api_key"),
    "CONVREC_REFLECTION": ("agent", "reflection"),
    "CONVREC_DEMOS": ("agent", "demos_file"),
    "CONVREC_SOFT_BRAIN": ("agent", "soft_brain"),
    "CONVREC_PHRASE_REASONS": ("agent", "phrase_reasons"),
    "CONVREC_BRAIN_ACTS": ("agent", "brain_acts"),
    "CONVREC_BRAIN_READ": ("agent", "brain_read"),
    "CONVREC_PLANNER": ("agent", "planner"),
    "CONVREC_USER": ("agent", "user"),
    "CONVREC_DB_URL": ("server", "db_url"),
    "CONVREC_TEXT_ENCODER": ("models", "text_encoder"),
    "CONVREC_SASREC_MAX_S": ("models", "sasrec_max_s"),
    "CONVREC_API_KEY": ("server", "api_key"),
    "CONVREC_REDIS_URL": ("server", "redis_url"),
}


def _set(d: dict[str, Any], path: tuple[str, ...], value: Any) -> None:
    for key in path[:-1]:
        d = d.setdefault(key, {})
    d[path[-1]] = value


def _merge(base: dict[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for k, v in over.items():
        if isinstance(v, Mapping) and isinstance(out.get(k), dict):
            out[k] = _merge(out[k], v)
        else:
            out[k] = v
    return out


def load_config(
    path: str | Path | None = None,
    env: Mapping[str, str] | None = None,
    overrides: Mapping[str, Any] | None = None,
    cwd: Path | None = None,
) -> Config:
    """Build the configuration: defaults < TOML file < environment < ``overrides``.

    Parameters
    ----------
    path
        A TOML file; default ``CONVREC_CONFIG`` or ``convrec.toml`` in ``cwd`` if present.
    env
        The environment to read (default ``os.environ``, read now, not at import).
    overrides
        Nested dict of values from CLI flags; ``None`` values are ignored.
    """
    env = os.environ if env is None else env
    cwd = cwd or Path.cwd()
    values: dict[str, Any] = {}
    if path is None and env.get("CONVREC_CONFIG"):
        path = env["CONVREC_CONFIG"]
        if not Path(path).is_file():
            raise ConfigError(f"config file {path} (from CONVREC_CONFIG) does not exist")
    if path is None and (cwd / "convrec.toml").is_file():
        path = cwd / "convrec.toml"
    if path is not None:
        try:
            values = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ConfigError(f"config file {path} does not exist") from None
        except tomllib.TOMLDecodeError as e:
            raise ConfigError(f"config file {path} is not valid TOML: {e}") from None
    for var, key in ENV_MAP.items():
        if env.get(var):
            _set(values, key, env[var])
    if overrides:
        values = _merge(values, _drop_none(overrides))
    try:
        return Config.model_validate(values)
    except ValidationError as e:
        first = e.errors()[0]
        loc = ".".join(str(x) for x in first["loc"])
        raise ConfigError(f"invalid configuration value for '{loc}': {first['msg']}") from None


def check_home(config: Config) -> Path:
    """Make sure the cache directory is a writable directory, or say which setting to fix."""
    home = Path(config.home).expanduser()
    where = "CONVREC_HOME" if os.environ.get("CONVREC_HOME") else "home (convrec.toml) / CONVREC_HOME"
    try:
        home.mkdir(parents=True, exist_ok=True)
        if not home.is_dir():
            raise NotADirectoryError(home)
        probe = home / f".write-test-{os.getpid()}"
        probe.write_text("ok")
        probe.unlink()
    except OSError as e:
        reason = {NotADirectoryError: "a file, not a directory, is in the way",
                  FileExistsError: "a file, not a directory, is in the way",
                  PermissionError: "no permission to write there",
                  FileNotFoundError: "its parent cannot be created"}.get(type(e), e.strerror or type(e).__name__)
        raise ConfigError(f"the cache directory {home} is not usable ({reason}): set {where} to a writable "
                          "directory") from None
    return home


def _drop_none(d: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in d.items():
        if isinstance(v, Mapping):
            v = _drop_none(v)
            if v:
                out[k] = v
        elif v is not None:
            out[k] = v
    return out


def llm_overrides(llm: str | None = None, model: str | None = None, base_url: str | None = None,
                  threads: int | None = None) -> dict[str, Any]:
    """Command-line flags → the ``llm`` part of the config overrides (``--base-url`` implies
    ``openai``)."""
    from convrec.errors import ConvrecError

    if llm is not None and llm not in ("local", "openai"):
        raise ConvrecError(f"--llm must be 'local' or 'openai', not '{llm}'")
    if base_url and llm is None:
        llm = "openai"
    return {"llm": {"backend": llm, "model": model, "base_url": base_url, "threads": threads}}
