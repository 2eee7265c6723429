"""The LLM interface with the scripted fake: JSON validation and repair, streaming, the usage meter."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, Field

from convrec.llm import LLMError, LLMOutputError, Message, UsageMeter
from convrec.llm.base import as_dicts, extract_json, schema_of, with_instruction
from convrec.llm.fake import ScriptedLLM


class Prefs(BaseModel):
    liked: list[str] = Field(description="titles the user liked")
    disliked: list[str] = Field(default_factory=list)
    max_price: float | None = Field(default=None, ge=0)


def test_generate_records_calls_per_turn():
    llm = ScriptedLLM(["one two", "three"])
    llm.meter.start_turn()
    assert llm.generate("hi there", purpose="reply").text == "one two"
    assert llm.meter.turn_summary().calls == 1
    llm.meter.start_turn()
    llm.generate([Message.user("x")])
    s = llm.meter.turn_summary()
    assert (s.calls, s.completion_tokens) == (1, 1)
    assert llm.meter.total().calls == 2
    assert llm.meter.turn_records(1)[0].purpose == "reply"


def test_generate_json_valid_first_time_puts_schema_in_system_prompt():
    llm = ScriptedLLM([Prefs(liked=["Portal"], max_price=10)])
    p = llm.generate_json([Message.system("You extract preferences."), Message.user("Portal, max $10")], Prefs)
    assert p == Prefs(liked=["Portal"], max_price=10)
    sent = llm.calls[0]
    assert sent["messages"][0]["content"].startswith("You extract preferences.")
    assert '"max_price"' in sent["messages"][0]["content"] and len(sent["messages"]) == 2
    assert sent["json_schema"]["properties"]["liked"]["description"] == "titles the user liked"
    assert "title" not in sent["json_schema"]


def test_generate_json_repairs_once_with_the_error():
    llm = ScriptedLLM(['Sure! {"liked": "Portal", "max_price": -3}', '{"liked": ["Portal"], "max_price": 3}'])
    llm.meter.start_turn()
    p = llm.generate_json("I liked Portal", Prefs, purpose="intent")
    assert p.liked == ["Portal"] and p.max_price == 3
    repair = llm.calls[1]["messages"]
    assert repair[-2] == {"role": "assistant", "content": 'Sure! {"liked": "Portal", "max_price": -3}'}
    assert "liked: Input should be a valid array" in repair[-1]["content"]
    assert "max_price: Input should be greater than or equal to 0" in repair[-1]["content"]
    assert [r.kind for r in llm.meter.turn_records()] == ["json", "json-repair"]


def test_generate_json_gives_up_after_one_repair():
    llm = ScriptedLLM(["not json", "still not json"])
    with pytest.raises(LLMOutputError, match="did not return a valid Prefs after a repair retry: not valid JSON"):
        llm.generate_json("x", Prefs)
    assert len(llm.calls) == 2


def test_generate_json_without_repair():
    llm = ScriptedLLM(["{}"])
    with pytest.raises(LLMOutputError, match="liked: Field required"):
        llm.generate_json("x", Prefs, repair=False)
    assert len(llm.calls) == 1


def test_stream_yields_deltas_and_records_once_done():
    llm = ScriptedLLM(["Here are three games"])
    llm.meter.start_turn()
    s = llm.stream("recommend", purpose="reply")
    assert llm.meter.turn_summary().calls == 0
    assert list(s) == ["Here", " are", " three", " games"]
    assert s.completion.text == "Here are three games"
    rec = llm.meter.turn_records()[0]
    assert (rec.kind, rec.completion_tokens, rec.purpose) == ("stream", 4, "reply")


def test_meter_cost():
    llm = ScriptedLLM(["a b c d"], meter=UsageMeter(price_prompt_per_mtok=1.0, price_completion_per_mtok=2.0))
    llm.generate("one two")
    s = llm.meter.total()
    assert s.cost_usd == pytest.approx((2 * 1.0 + 4 * 2.0) / 1e6)


def test_messages_are_checked():
    assert as_dicts("hi") == [{"role": "user", "content": "hi"}]
    assert as_dicts([{"role": "system", "content": "s"}, Message.user("u")])[1] == {"role": "user", "content": "u"}
    with pytest.raises(LLMError, match="unknown message role 'robot'"):
        as_dicts([{"role": "robot", "content": "x"}])
    with pytest.raises(LLMError, match="no messages"):
        as_dicts([])


def test_extract_json_and_instruction_placement():
    assert extract_json('```json\n{"a": 1}\n```') == '{"a": 1}'
    assert extract_json('The answer is {"a": {"b": 2}} as asked.') == '{"a": {"b": 2}}'
    msgs = with_instruction([{"role": "user", "content": "u"}], "SCHEMA")
    assert msgs[0] == {"role": "system", "content": "SCHEMA"}
    assert schema_of(Prefs)["required"] == ["liked"]


def test_fake_runs_out_loudly():
    with pytest.raises(AssertionError, match="ran out of replies"):
        ScriptedLLM([]).generate("x")


def test_failed_stream_is_recorded_as_failed():
    def boom(messages):
        raise RuntimeError("connection dropped")

    llm = ScriptedLLM([boom])
    s = llm.stream("hi")
    with pytest.raises(RuntimeError):
        list(s)
    rec = llm.meter.records[-1]
    assert rec.kind == "stream" and rec.ok is False and "connection dropped" in rec.error
