"""The production layout in deploy/ stays runnable: the compose file's services and every flag its
commands pass exist in this convrec."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import yaml

DEPLOY = Path(__file__).resolve().parent.parent / "deploy"


def _options(*cmd: str) -> str:
    r = subprocess.run([sys.executable, "-m", "convrec", *cmd, "--help"], capture_output=True, text=True,
                       env={"COLUMNS": "200", "PATH": "/usr/bin:/bin"}, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_compose_layout_names_real_flags():
    spec = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    services = spec["services"]
    assert {"postgres", "redis", "llm", "convrec"} <= set(services)
    env = services["convrec"]["environment"]
    assert env["CONVREC_DB_URL"].startswith("postgresql://") and env["CONVREC_REDIS_URL"].startswith("redis://")
    for svc, sub in (("convrec", ("serve",)), ("llm", ("llm", "serve"))):
        cmd = services[svc]["command"]
        assert cmd[: 1 + len(sub)] == ["convrec", *sub]
        help_text = _options(*sub)
        for flag in [c for c in cmd if c.startswith("--")]:
            assert flag in help_text, f"{svc}: convrec {' '.join(sub)} has no {flag}"
    assert "--workers" in services["convrec"]["command"]
    assert "pip install" in (DEPLOY / "Dockerfile").read_text()
