"""``convrec eval dialogues --ray``: cases fanned out over Ray actors give the serial run's
results, stream to the run directory, and a run stopped half-way resumes (on a cluster this
test starts, and on one it joins by address)."""

from __future__ import annotations

import json
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from convrec.cli import optional_values

N = 30


def _records(run_dir: Path) -> dict[str, list[str]]:
    out = {}
    for line in (run_dir / "conversations.jsonl").read_text(encoding="utf-8").splitlines():
        rec = json.loads(line)
        out[rec["case"]] = rec["turns"][0]["items"]
    return out


def _cmd(cases: Path, out: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "convrec.cli", "eval", "dialogues", "--dataset", "movielens-small",
            "--strategy", "interecagent", "--ablate", "llm", "--n", str(N), "--cases", str(cases),
            "--out", str(out), "--json", *extra]


def _metrics(stdout: str) -> dict:
    return json.loads(stdout.strip().splitlines()[-1])["metrics"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_optional_value_of_ray():
    assert optional_values(["eval", "dialogues", "--ray"]) == ["eval", "dialogues", "--ray", "local"]
    assert optional_values(["--ray", "--n", "3"]) == ["--ray", "local", "--n", "3"]
    assert optional_values(["--ray", "ray://h:10001", "--n", "3"]) == ["--ray", "ray://h:10001", "--n", "3"]


def test_ray_fanout_equals_serial_streams_and_resumes(clean_home, shared_data, tmp_path):
    cases = shared_data / "redial-dev" / "cases.jsonl"
    env = clean_home.env
    serial = subprocess.run(_cmd(cases, tmp_path / "serial"), capture_output=True, text=True, env=env, timeout=900)
    assert serial.returncode == 0, serial.stderr[-2000:]

    # 1. a local cluster, started by the run; stopped (Ctrl-C) after a few cases
    run_dir = tmp_path / "ray"
    conv = run_dir / "conversations.jsonl"
    p = subprocess.Popen(_cmd(cases, run_dir, "--ray"), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         env=env)
    t0 = time.time()
    while time.time() - t0 < 600 and p.poll() is None:
        if conv.is_file() and len(conv.read_text(encoding="utf-8").splitlines()) >= 3:
            break
        time.sleep(0.05)
    p.send_signal(signal.SIGINT)
    _, err = p.communicate(timeout=120)
    assert p.returncode == 130, err[-2000:]
    assert "Ray: 2 actors" in err and "the same command resumes" in err
    first = _records(run_dir)
    assert 3 <= len(first) < N, len(first)  # streamed as they ended, not at the end

    # 2. resumed on a cluster joined by its address: only the missing cases run
    port = _free_port()
    ray_bin = str(Path(sys.executable).with_name("ray")) if Path(sys.executable).with_name("ray").exists() else shutil.which("ray")
    assert ray_bin, "the ray command is missing (pip install 'convrec[ray]')"
    start = subprocess.run([ray_bin, "start", "--head", "--port", str(port), "--num-cpus", "2",
                            "--include-dashboard", "false", "--disable-usage-stats"],
                           capture_output=True, text=True, env=env, timeout=180)
    try:
        assert start.returncode == 0, start.stderr[-2000:]
        resumed = subprocess.run(_cmd(cases, run_dir, "--ray", f"127.0.0.1:{port}"), capture_output=True, text=True,
                                 env=env, timeout=900)
    finally:
        subprocess.run([ray_bin, "stop", "--force"], capture_output=True, env=env, timeout=120)
    assert resumed.returncode == 0, resumed.stderr[-2000:]
    assert f"Ray: {2 if N - len(first) > 1 else 1} actor" in resumed.stderr
    after = _records(run_dir)
    assert {k: after[k] for k in first} == first  # finished cases were not run again
    assert len(conv.read_text(encoding="utf-8").splitlines()) == N

    # 3. the same cases, the same answers, the same metrics as the serial run
    base = _records(tmp_path / "serial")
    assert len(base) == N and after == base
    ms, mr = _metrics(serial.stdout), _metrics(resumed.stdout)
    for key in ("recall@1", "recall@5", "recall@10", "recall@20", "recall@10-mentioned"):
        assert mr[key] == pytest.approx(ms[key]), key
    assert ms["recall@20"] > 0  # the protocol measured something


def test_an_unreachable_cluster_is_a_clear_error(clean_home, shared_data, tmp_path):
    port = _free_port()  # nothing listens there
    r = subprocess.run(_cmd(shared_data / "redial-dev" / "cases.jsonl", tmp_path / "x", "--ray", f"127.0.0.1:{port}"),
                       capture_output=True, text=True, env=clean_home.env, timeout=120)
    assert r.returncode == 2
    assert f"no Ray cluster answers at 127.0.0.1:{port}" in r.stderr and "Traceback" not in r.stderr
