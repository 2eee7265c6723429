"""LLM configuration: defaults < TOML file < environment < CLI flags; OPENAI_* below CONVREC_LLM_*."""

from __future__ import annotations

import pytest

from convrec.config import load_config
from convrec.errors import ConfigError
from convrec.config import llm_overrides
from convrec.llm.factory import make_llm
from convrec.llm.openai_backend import OpenAILLM


def write(tmp_path, text):
    p = tmp_path / "convrec.toml"
    p.write_text(text)
    return p


def test_defaults_are_local_and_offline(tmp_path):
    cfg = load_config(env={}, cwd=tmp_path)
    assert cfg.llm.backend == "local" and cfg.llm.model is None and cfg.llm.base_url is None
    assert cfg.llm.api_key is None and cfg.llm.threads is None and cfg.llm.prefix_cache


def test_file_then_env_then_flag(tmp_path):
    write(tmp_path, '[llm]\nbackend = "openai"\nmodel = "from-file"\nbase_url = "http://file/v1"\ntimeout_s = 5\n')
    cfg = load_config(env={}, cwd=tmp_path)
    assert (cfg.llm.model, cfg.llm.base_url, cfg.llm.timeout_s) == ("from-file", "http://file/v1", 5)

    env = {"CONVREC_LLM_MODEL": "from-env", "CONVREC_LLM_BASE_URL": "http://env/v1", "CONVREC_LLM_API_KEY": "sk-env"}
    cfg = load_config(env=env, cwd=tmp_path)
    assert (cfg.llm.model, cfg.llm.base_url) == ("from-env", "http://env/v1")
    assert cfg.llm.api_key.get_secret_value() == "sk-env" and cfg.llm.timeout_s == 5

    cfg = load_config(env=env, cwd=tmp_path, overrides=llm_overrides(model="from-flag", base_url="http://flag/v1"))
    assert (cfg.llm.model, cfg.llm.base_url, cfg.llm.backend) == ("from-flag", "http://flag/v1", "openai")
    assert cfg.llm.api_key.get_secret_value() == "sk-env"  # no flag for the key: env stays

    cfg = load_config(env=env, cwd=tmp_path, overrides=llm_overrides(llm="local"))
    assert cfg.llm.backend == "local" and cfg.llm.model == "from-env"  # unset flags change nothing


def test_openai_env_names_rank_below_convrec_ones(tmp_path):
    env = {"OPENAI_API_KEY": "sk-openai", "OPENAI_BASE_URL": "http://openai-env/v1"}
    cfg = load_config(env=env, cwd=tmp_path)
    assert cfg.llm.api_key.get_secret_value() == "sk-openai" and cfg.llm.base_url == "http://openai-env/v1"
    env |= {"CONVREC_LLM_API_KEY": "sk-convrec", "CONVREC_LLM_BASE_URL": "http://convrec-env/v1"}
    cfg = load_config(env=env, cwd=tmp_path)
    assert cfg.llm.api_key.get_secret_value() == "sk-convrec" and cfg.llm.base_url == "http://convrec-env/v1"
    # an OPENAI_* variable still beats the file
    write(tmp_path, '[llm]\nbase_url = "http://file/v1"\n')
    cfg = load_config(env={"OPENAI_BASE_URL": "http://openai-env/v1"}, cwd=tmp_path)
    assert cfg.llm.base_url == "http://openai-env/v1"


def test_key_is_never_printed(tmp_path):
    cfg = load_config(env={"CONVREC_LLM_API_KEY": "sk-secret-123"}, cwd=tmp_path)
    assert "sk-secret-123" not in repr(cfg) and "sk-secret-123" not in cfg.model_dump_json()


def test_bad_values_are_one_clear_line(tmp_path):
    with pytest.raises(ConfigError, match="llm.backend"):
        load_config(env={"CONVREC_LLM_BACKEND": "gpt"}, cwd=tmp_path)
    write(tmp_path, "[llm]\nthreads = 0\n")
    with pytest.raises(ConfigError, match="llm.threads"):
        load_config(env={}, cwd=tmp_path)
    write(tmp_path, "[llm]\nmodle = 'x'\n")
    with pytest.raises(ConfigError, match="llm.modle"):
        load_config(env={}, cwd=tmp_path)


def test_factory_builds_the_openai_backend_from_config(tmp_path):
    write(tmp_path, '[llm]\nbackend = "openai"\nmax_retries = 4\ntimeout_s = 7\njson_mode = "json_object"\n')
    cfg = load_config(env={"OPENAI_API_KEY": "sk-x", "CONVREC_LLM_BASE_URL": "http://127.0.0.1:9/v1",
                           "CONVREC_LLM_MODEL": "m"}, cwd=tmp_path)
    llm = make_llm(cfg)
    assert isinstance(llm, OpenAILLM)
    assert (llm.base_url, llm.model, llm.max_retries, llm.timeout_s, llm.json_mode) == (
        "http://127.0.0.1:9/v1", "m", 4, 7, "json_object")
    assert llm._client.api_key == "sk-x"


def test_flag_validation():
    from convrec.errors import ConvrecError

    with pytest.raises(ConvrecError, match="--llm must be 'local' or 'openai'"):
        llm_overrides(llm="gpt4")
