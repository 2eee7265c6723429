"""What every ``convrec`` command shares: the root app and its sub-apps, the consoles, the
config (read once at the top from ``--config``), the dataset argument and the LLM options."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import typer

from convrec.strategies import DEFAULT_STRATEGY, strategies_help
from rich.console import Console

from convrec.catalog.registry import DEFAULT_DATASET
from convrec.config import llm_overrides  # noqa: F401  (re-exported for the commands)

app = typer.Typer(help="convrec: a conversational recommender agent.", no_args_is_help=True, add_completion=False,
                  pretty_exceptions_enable=False)
data_app = typer.Typer(help="Datasets: prepare, inspect.", no_args_is_help=True)
eval_app = typer.Typer(help="Evaluate models and strategies.", no_args_is_help=True)
llm_app = typer.Typer(help="The LLM: check speed and JSON validity, list local models, serve the embedded model.",
                      no_args_is_help=True)
demos_app = typer.Typer(help="Demonstrations for the planner: generate more from the seeds.", no_args_is_help=True)
app.add_typer(data_app, name="data")
app.add_typer(eval_app, name="eval")
app.add_typer(llm_app, name="llm")
app.add_typer(demos_app, name="demos")

console = Console()
err = Console(stderr=True, soft_wrap=True)
STATE: dict[str, Any] = {"config_path": None}

DATASET_ARG = typer.Argument(DEFAULT_DATASET, help=f"dataset name (default: the bundled {DEFAULT_DATASET})")
DATASET_OPT = typer.Option(DEFAULT_DATASET, "--dataset", "-d", help="dataset name")
LLM_OPT = typer.Option(None, "--llm", help="backend: local (embedded, default) or openai (any OpenAI-compatible endpoint)")
MODEL_OPT = typer.Option(None, "--model", help="local: qwen2.5-coder-0.5b (default), qwen2.5-coder-1.5b or a .gguf path; openai: model name")
BASE_URL_OPT = typer.Option(None, "--base-url", help="OpenAI-compatible endpoint, e.g. http://127.0.0.1:8080/v1 (implies --llm openai)")
REFLECTION_OPT = typer.Option(False, "--reflection", help="actor-critic reflection: a critic checks each answer and "
                              "may send the plan back (at most N times)")
ROUNDS_OPT = typer.Option(1, "--reflection-rounds", min=1, max=5, help="N for --reflection")
STRATEGY_OPT = typer.Option(DEFAULT_STRATEGY, "--strategy", "-s", help=strategies_help())
THREADS_OPT = typer.Option(None, "--threads", min=1, help="llama.cpp threads (default: all free cores, 1 under load)")


@app.callback()
def _root(config: Optional[Path] = typer.Option(None, "--config", help="TOML config file (default: ./convrec.toml or CONVREC_CONFIG)")):
    STATE["config_path"] = config


def get_config(**overrides):
    from convrec.config import check_home, load_config

    cfg = load_config(STATE["config_path"], overrides=overrides or None)
    if not STATE.get("home_checked"):
        check_home(cfg)
        STATE["home_checked"] = True
    return cfg
