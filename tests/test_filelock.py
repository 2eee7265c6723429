"""Two processes that want the same prepared dataset or trained model build it once."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from conftest import FIXTURES, REPO

SCRIPT = textwrap.dedent('''
    import sys, time
    from pathlib import Path
    sys.path.insert(0, {tests!r})
    from conftest import prepare_tiny_games
    from convrec.config import Config
    from convrec.models.registry import load_or_train, model_dir

    config = Config(home=Path({home!r}))
    ds = prepare_tiny_games(config, "locked")
    said = []
    model = load_or_train(ds, config, "itemcf", say=said.append)
    print("PREPARED_AT", ds.manifest["prepared_at"], ds.manifest["prepare_s"])
    print("SAID", said)
    print("MODEL", (model_dir(ds, "itemcf") / "meta.json").read_text())
''')


def test_two_processes_prepare_and_train_one_dataset_once(tmp_path):
    home = tmp_path / "home"
    code = SCRIPT.format(tests=str(REPO / "tests"), home=str(home))
    procs = [subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(2)]
    outs = [p.communicate(timeout=300) for p in procs]
    for p, (out, err) in zip(procs, outs):
        assert p.returncode == 0, err[-2000:]
    lines = [dict(line.split(" ", 1) for line in out.strip().splitlines() if line.split(" ", 1)[0] in
                  ("PREPARED_AT", "SAID", "MODEL")) for out, _ in outs]
    # one dataset folder, written once: both processes read the same preparation
    assert lines[0]["PREPARED_AT"] == lines[1]["PREPARED_AT"]
    trained = sum("\"training 'itemcf'" in d["SAID"] for d in lines)
    assert trained == 1, lines  # the other waited for it (or found it ready), then loaded it
    assert lines[0]["MODEL"] == lines[1]["MODEL"]
    assert not list((home / "datasets").glob("*.tmp*")) and (FIXTURES / "tiny_games.csv").is_file()
