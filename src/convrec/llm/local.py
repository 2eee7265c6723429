"""The embedded backend: a GGUF model run in-process by llama.cpp (llama-cpp-python).

On a 2-core CPU, evaluating the prompt is what costs time, not generating. So the static
prefix of a prompt (the leading system message: instructions, tool descriptions, schema) is
evaluated once, its KV-cache state is saved, and every later call that starts with the same
prefix restores that state and evaluates only its new tokens. A call whose prompt extends the
previous call's (a growing chat) reuses the live KV cache the same way.

JSON replies are grammar-constrained: the pydantic schema becomes a llama.cpp grammar, so the
model cannot produce invalid JSON (it can still loop inside a string, hence ``max_tokens``).
"""

from __future__ import annotations

import contextlib

import ctypes
import json
import os
import threading
import time
from collections import OrderedDict
from pathlib import Path
from typing import Any, Iterator

from convrec.llm.base import LLM, Completion, Usage
from convrec.llm.errors import LLMError, ModelNotAvailableError
from convrec.timing import record

MIN_PREFIX_TOKENS = 16
"""Shorter static prefixes are not worth a saved state."""

# ChatML, for GGUF files that carry no chat template of their own.
CHATML = (
    "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>\n' }}"
    "{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}"
)


def import_llama_cpp():
    try:
        import llama_cpp  # noqa: F401
    except ImportError:
        raise ModelNotAvailableError(
            "the local backend needs llama-cpp-python: run pip install -e \".[local]\" "
            "(or use --llm openai --base-url URL)"
        ) from None
    return llama_cpp


def check_llama_cpp() -> None:
    """Fail early with the install hint, without importing llama.cpp (it loads on first use)."""
    import importlib.util

    if importlib.util.find_spec("llama_cpp") is None:
        import_llama_cpp()


def _file_identity(path: Path) -> str:
    try:
        st = path.stat()
        return f"{path.resolve()}:{st.st_size}:{st.st_mtime_ns}"
    except OSError:
        return str(path)


def _runtime_id() -> str:
    """What else a saved state depends on: the llama.cpp build (its state format)."""
    try:
        from importlib.metadata import version

        v = version("llama_cpp_python")
    except Exception:
        v = "?"
    return f"llama-cpp-python {v}"


class CpuLoad:
    """How many cores other processes kept busy since the last look (Linux ``/proc/stat``)."""

    def __init__(self) -> None:
        self._last = self._sample()

    @staticmethod
    def _sample() -> tuple[float, float, float] | None:
        try:
            with open("/proc/stat") as f:
                vals = [float(x) for x in f.readline().split()[1:]]
        except (OSError, ValueError):
            return None
        hz = os.sysconf("SC_CLK_TCK")
        idle = vals[3] + (vals[4] if len(vals) > 4 else 0.0)
        busy = (sum(vals) - idle) / hz
        t = os.times()
        return time.monotonic(), busy, t.user + t.system

    def others_busy(self) -> float | None:
        now = self._sample()
        last, self._last = self._last, now
        if now is None or last is None or now[0] - last[0] < 0.2:
            try:
                load = os.getloadavg()[0]
            except OSError:
                return None
            return load
        wall = now[0] - last[0]
        return max(0.0, ((now[1] - last[1]) - (now[2] - last[2])) / wall)


def auto_threads(busy: float | None, cores: int | None = None) -> int:
    """Threads for llama.cpp: all free cores (at most 4); 1 when another process is busy.

    Measured here (Qwen2.5-Coder-0.5B, 2 cores): idle, 2 threads evaluate prompts at ~280 tok/s
    vs ~145 with 1; with one core busy elsewhere, 2 threads drop to ~115 prompt / 16 gen tok/s
    (spin-waiting workers) while 1 thread keeps ~150 / 43.
    """
    cores = cores or os.cpu_count() or 1
    if busy is None:
        return 1
    return max(1, min(4, cores - int(busy + 0.5)))


class LocalLLM(LLM):
    """A GGUF model kept loaded in this process.

    Parameters
    ----------
    path
        The GGUF file (already verified, see :mod:`convrec.llm.models`).
    name
        The model's name for records.
    threads
        llama.cpp threads; ``None`` = choose per call from the machine's load (see :func:`auto_threads`).
    n_ctx
        Context window in tokens (prompt + reply).
    prefix_cache
        Save and reuse the KV state of static prompt prefixes.
    prefix_cache_mb
        Memory budget for saved prefix states (least recently used are dropped).
    """

    backend = "local"
    supports_constrained_json = True

    def __init__(
        self,
        path: str | Path,
        *,
        name: str | None = None,
        sha256: str | None = None,
        threads: int | None = None,
        n_ctx: int = 4096,
        n_batch: int = 512,
        seed: int = 0,
        prefix_cache: bool = True,
        prefix_cache_mb: int = 256,
        disk_cache_dir: str | Path | None = None,
        disk_cache_mb: int = 256,
        load_now: bool = True,
        max_tokens: int = 512,
        temperature: float = 0.0,
        meter=None,
    ):
        super().__init__(name or Path(path).name, max_tokens=max_tokens, temperature=temperature, meter=meter)
        import_llama_cpp() if load_now else check_llama_cpp()
        self.path = Path(path)
        self.sha256 = sha256
        self.fixed_threads = threads
        self._load = CpuLoad()
        self.threads = threads or 0
        self.n_ctx = n_ctx
        self.n_batch = n_batch
        self.seed = seed
        self.load_s: float | None = None
        self.prefix_cache = prefix_cache
        self._prefix_budget = prefix_cache_mb << 20
        self._prefixes: OrderedDict[tuple[int, ...], bytes] = OrderedDict()
        self._grammars: dict[str, Any] = {}
        self._lock = threading.RLock()
        self._llama = None
        self.stats = {"prefix_hits": 0, "prefix_saves": 0, "live_reuse": 0}
        self.disk = None
        if prefix_cache and disk_cache_dir is not None and disk_cache_mb > 0:
            from convrec.llm.kvstore import DiskPrefixStore

            model_id = sha256 or _file_identity(self.path)
            self.disk = DiskPrefixStore(disk_cache_dir, model_id, disk_cache_mb, runtime=_runtime_id())
        if load_now:
            self._ensure_loaded()

    @property
    def _llm(self):
        """The llama.cpp model, loaded on first use (a turn answered without the LLM never pays for it)."""
        return self._llama if self._llama is not None else self._ensure_loaded()

    @property
    def loaded(self) -> bool:
        return self._llama is not None

    def _ensure_loaded(self):
        with self._lock:
            if self._llama is not None:
                return self._llama
            llama_cpp = import_llama_cpp()
            from llama_cpp.llama_chat_format import Jinja2ChatFormatter

            start_threads = self.fixed_threads or auto_threads(self._load.others_busy())
            t0 = time.perf_counter()
            try:
                with without_amx_buffers():
                    llm = llama_cpp.Llama(
                        model_path=str(self.path), n_ctx=self.n_ctx, n_batch=self.n_batch, n_threads=start_threads,
                        n_threads_batch=start_threads, seed=self.seed, logits_all=False, verbose=False,
                    )
            except (ValueError, RuntimeError, OSError) as e:
                raise ModelNotAvailableError(f"llama.cpp could not load {self.path}: {e}") from None
            self.load_s = time.perf_counter() - t0
            record("llm load", self.load_s)
            self.threads = start_threads
            md = llm.metadata
            template = md.get("tokenizer.chat_template") or CHATML
            eos_id, bos_id = llm.token_eos(), llm.token_bos()
            piece = lambda t: llm.detokenize([t], special=True).decode("utf-8", errors="ignore")  # noqa: E731
            eos = piece(eos_id) if eos_id >= 0 else ""
            bos = piece(bos_id) if bos_id >= 0 else ""
            self._fmt = Jinja2ChatFormatter(template=template, eos_token=eos, bos_token=bos, add_generation_prompt=True)
            self._fmt_prefix = Jinja2ChatFormatter(template=template, eos_token=eos, bos_token=bos, add_generation_prompt=False)
            self._stop = [eos] if eos else []
            self._llama = llm
            return llm

    # ------------------------------------------------------------------ prompts
    def _render(self, messages: list[dict[str, str]]) -> tuple[list[int], list[int] | None]:
        """Prompt tokens, and the tokens of its static prefix (leading system messages) if any."""
        self._ensure_loaded()
        try:
            prompt = self._fmt(messages=messages).prompt
        except Exception as e:  # jinja errors from the model's own template
            raise LLMError(f"the chat template of {self.model} rejected the messages: {e}") from None
        tokens = self._tokenize(prompt)
        n_sys = 0
        while n_sys < len(messages) and messages[n_sys]["role"] == "system":
            n_sys += 1
        prefix = None
        if self.prefix_cache and 0 < n_sys < len(messages):
            ptext = self._fmt_prefix(messages=messages[:n_sys]).prompt
            if prompt.startswith(ptext):
                ptoks = self._tokenize(ptext)
                if len(ptoks) >= MIN_PREFIX_TOKENS and tokens[: len(ptoks)] == ptoks:
                    prefix = ptoks
        return tokens, prefix

    def _tokenize(self, text: str) -> list[int]:
        return self._llm.tokenize(text.encode("utf-8"), add_bos=True, special=True)

    def count_tokens(self, messages) -> int:
        from convrec.llm.base import as_dicts

        return len(self._render(as_dicts(messages))[0])

    # ------------------------------------------------------------------ KV-cache prefix
    def _live_prefix(self, tokens: list[int]) -> int:
        n = 0
        for a, b in zip(self._llm._input_ids.tolist(), tokens):
            if a != b:
                break
            n += 1
        return n

    def _save_prefix(self, key: tuple[int, ...], to_disk: bool = False) -> None:
        from llama_cpp import llama_cpp as C

        ctx = self._llm._ctx.ctx
        size = C.llama_state_seq_get_size(ctx, 0)
        buf = (ctypes.c_uint8 * size)()
        n = C.llama_state_seq_get_data(ctx, buf, size, 0)
        if n <= 0:
            return
        self._prefixes[key] = bytes(buf)[:n]
        self._prefixes.move_to_end(key)
        self.stats["prefix_saves"] += 1
        if to_disk and self.disk is not None:
            self.disk.save(list(key), self._prefixes[key])
        while sum(len(v) for v in self._prefixes.values()) > self._prefix_budget and len(self._prefixes) > 1:
            self._prefixes.popitem(last=False)

    def _restore_prefix(self, key: tuple[int, ...]) -> bool:
        from llama_cpp import llama_cpp as C

        data = self._prefixes[key]
        buf = (ctypes.c_uint8 * len(data)).from_buffer_copy(data)
        if C.llama_state_seq_set_data(self._llm._ctx.ctx, buf, len(data), 0) != len(data):
            self._llm.reset()
            self._llm._ctx.kv_cache_seq_rm(-1, 0, -1)
            del self._prefixes[key]  # a state this context cannot take (e.g. a file from another build)
            return False
        self._llm.input_ids[: len(key)] = key
        self._llm.n_tokens = len(key)
        self._prefixes.move_to_end(key)
        self.stats["prefix_hits"] += 1
        return True

    def _prepare(self, tokens: list[int], prefix: list[int] | None) -> int:
        """Bring the KV cache to the longest reusable prefix of ``tokens``.

        Returns how many prompt tokens were reused without evaluation in this call (live KV
        cache or a restored prefix state).
        """
        live = self._live_prefix(tokens)
        reused = live
        if prefix is not None:
            key = tuple(prefix)
            if live < len(key):
                if key not in self._prefixes and self.disk is not None:
                    t = time.perf_counter()
                    data = self.disk.load(prefix)
                    if data is not None:
                        self._prefixes[key] = data
                        record("prefix state from disk", time.perf_counter() - t)
                if key in self._prefixes and self._restore_prefix(key):
                    reused = len(key)
                else:
                    # evaluate the prefix alone once, then keep its state for later calls
                    t = time.perf_counter()
                    self._llm.n_tokens = min(live, self._llm.n_tokens)
                    self._llm.eval(prefix[live:])
                    record("prefix evaluated", time.perf_counter() - t)
                    self._save_prefix(key, to_disk=True)
            elif key not in self._prefixes:
                # the prefix is live but was never saved (evicted): save it, dropping what follows
                self._llm._ctx.kv_cache_seq_rm(-1, len(key), -1)
                self._llm.n_tokens = len(key)
                self._save_prefix(key)
                reused = len(key)
            else:
                self.stats["live_reuse"] += 1
                self._prefixes.move_to_end(key)
        elif live:
            self.stats["live_reuse"] += 1
        return min(reused, len(tokens) - 1)

    def warm(self, messages, schema=None) -> None:
        """Evaluate and save the static prefix of ``messages`` (their leading system messages;
        with ``schema``, as :meth:`generate_json` sends them), in memory and on disk."""
        from convrec.llm.base import as_dicts

        msgs = self._json_messages(messages, schema) if schema is not None else as_dicts(messages)
        n_sys = 0
        while n_sys < len(msgs) and msgs[n_sys]["role"] == "system":
            n_sys += 1
        if not n_sys or not self.prefix_cache:
            return
        msgs = msgs[:n_sys] + [{"role": "user", "content": "."}]
        with self._lock:
            tokens, prefix = self._render(msgs)
            if prefix is not None:
                self._set_threads()
                self._prepare(tokens, prefix)

    def clear_cache(self, disk: bool = False) -> None:
        """Forget saved prefixes and the live KV cache (for cold-start measurements); with
        ``disk``, also the prefix states saved on disk."""
        with self._lock:
            self._prefixes.clear()
            if disk and self.disk is not None:
                self.disk.clear()
            self._llm.reset()
            self._llm._ctx.kv_cache_seq_rm(-1, 0, -1)

    # ------------------------------------------------------------------ generation
    def _set_threads(self) -> None:
        n = self.fixed_threads or auto_threads(self._load.others_busy())
        if n != self.threads:
            from llama_cpp import llama_cpp as C

            C.llama_set_n_threads(self._llm._ctx.ctx, n, n)
            self.threads = n

    def _grammar(self, schema: dict[str, Any]):
        from llama_cpp.llama_grammar import LlamaGrammar

        key = json.dumps(schema, sort_keys=True)
        g = self._grammars.pop(key, None)
        if g is None:
            try:
                g = LlamaGrammar.from_json_schema(json.dumps(schema), verbose=False)
            except Exception as e:
                raise LLMError(f"cannot turn the JSON schema into a llama.cpp grammar: {e}") from None
        self._grammars[key] = g  # most recently used last; per-request schemas (enums of a turn's
        while len(self._grammars) > 32:  # candidate titles) would otherwise grow the cache forever
            self._grammars.pop(next(iter(self._grammars)))
        return g

    def _run(self, messages, *, max_tokens, temperature, stop, json_schema, state) -> Iterator[str]:
        with self._lock:
            tokens, prefix = self._render(messages)
            if len(tokens) + max_tokens > self.n_ctx:
                raise LLMError(
                    f"the prompt has {len(tokens)} tokens; with max_tokens={max_tokens} it exceeds the context "
                    f"of {self.n_ctx} tokens: shorten it or raise llm.n_ctx"
                )
            self._set_threads()
            t0 = time.perf_counter()
            cached = self._prepare(tokens, prefix)
            grammar = self._grammar(json_schema) if json_schema is not None else None
            it = self._llm.create_completion(
                tokens, max_tokens=max_tokens, temperature=temperature, top_k=1 if temperature == 0 else 40,
                stop=self._stop + list(stop), grammar=grammar, stream=True, seed=self.seed,
            )
            finish = None
            n_chunks = 0
            parts: list[str] = []
            for chunk in it:
                ch = chunk["choices"][0]
                text = ch.get("text") or ""
                if text:
                    if state.get("ttft") is None:
                        state["ttft"] = time.perf_counter() - t0
                    n_chunks += 1
                    parts.append(text)
                    yield text
                if ch.get("finish_reason"):
                    finish = ch["finish_reason"]
            out = "".join(parts)
            n_out = len(self._llm.tokenize(out.encode("utf-8"), add_bos=False, special=True)) if out else 0
            state["usage"] = Usage(prompt_tokens=len(tokens), completion_tokens=max(n_out, n_chunks if not out else n_out),
                                   cached_tokens=cached)
            state["finish"] = finish

    def _complete(self, messages, *, max_tokens, temperature, stop, json_schema, schema_name="Reply") -> Completion:
        state: dict[str, Any] = {}
        t0 = time.perf_counter()
        text = "".join(self._run(messages, max_tokens=max_tokens, temperature=temperature, stop=stop,
                                 json_schema=json_schema, state=state))
        return Completion(text, state["usage"], time.perf_counter() - t0, state.get("ttft"), state.get("finish"), self.model)

    def _stream(self, messages, *, max_tokens, temperature, stop, state) -> Iterator[str]:
        return self._run(messages, max_tokens=max_tokens, temperature=temperature, stop=stop, json_schema=None, state=state)

    def describe(self) -> dict[str, Any]:
        return {"backend": self.backend, "model": self.model, "path": str(self.path), "sha256": self.sha256,
                "threads": self.threads, "threads_setting": self.fixed_threads or "auto", "n_ctx": self.n_ctx,
                "load_s": None if self.load_s is None else round(self.load_s, 3),
                "prefix_cache_dir": str(self.disk.dir) if self.disk is not None else None}

    def close(self) -> None:
        llm = getattr(self, "_llama", None)
        if llm is not None:
            try:
                llm.close()
            except Exception:
                pass
            self._llama = None


def cpu_has_amx() -> bool:
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="ignore") as f:
            for line in f:
                if line.startswith("flags"):
                    return "amx_int8" in line.split()
    except OSError:
        pass
    return False


@contextlib.contextmanager
def without_amx_buffers():
    """On a CPU with AMX, load the model without llama.cpp's extra weight buffers.

    A llama.cpp built for the machine it runs on (``-march=native``, the default of a source
    install) multiplies through AMX tiles on such CPUs, and that kernel crashes the process
    (SIGSEGV in ``ggml_backend_amx_mul_mat``) where the sandbox or hypervisor does not hand the
    tile state to the process; this happened on 2-core Sapphire Rapids VMs. Without the extra
    buffer types the ordinary AVX kernels run. The install commands also build with
    ``-DGGML_NATIVE=OFF``, which leaves AMX out; this covers a native build made elsewhere.
    """
    if not cpu_has_amx():
        yield
        return
    import llama_cpp.llama_cpp as C

    orig = C.llama_model_default_params

    def params():
        p = orig()
        if hasattr(p, "use_extra_bufts"):
            p.use_extra_bufts = False
        return p

    C.llama_model_default_params = params
    try:
        yield
    finally:
        C.llama_model_default_params = orig
