"""The Tool contract, run over every tool of every toolbox (InteRecAgent's, OMuleT's,
ToolRec's): a tool names and describes itself, renders its prompt line and plan step, and when
called — with good input or bad — returns an Observation and records exactly one step on the
bus's tracker; it never raises."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from test_core_loop import fill


def _toolboxes():
    from convrec.strategies.interecagent.plan import TOOLBOX
    from convrec.tools.omulet import TOOLS as OMULET
    from convrec.tools.toolrec import TOOLS as TOOLREC

    return {"interecagent": list(TOOLBOX), "omulet": list(OMULET), "toolrec": list(TOOLREC)}


ALL = [(box, t) for box, tools in _toolboxes().items() for t in tools]


@pytest.fixture(scope="module")
def tiny_catalog(tiny_config, tiny_ds):
    from convrec.core.catalog import CatalogAccess

    return CatalogAccess(tiny_ds, tiny_config)


class ToolContract:
    def test_names_itself(self, box, tool):
        names = [t.name for t in _toolboxes()[box]]
        assert tool.name and names.count(tool.name) == 1
        assert tool.description.strip() and issubclass(tool.Input, BaseModel)

    def test_renders_its_prompt_line_and_plan_step(self, box, tool):
        line = tool.prompt_line(item="game", items="games")
        assert line.startswith(f"- {tool.name}(") and "{" not in line
        for arg in tool.arguments():
            assert arg in line
        step = tool.step_model()
        assert step.model_fields["tool"].annotation.__args__ == (tool.name,)
        assert set(step.model_json_schema()["properties"]) == {"tool", *tool.arguments()}

    def _ctx(self, catalog):
        from convrec.tools.base import ToolContext
        from convrec.tools.bus import CandidateBus

        return ToolContext(CandidateBus(catalog.ds.n_items), catalog)

    def test_good_input_observes_and_records_one_step(self, box, tool, tiny_catalog):
        ctx = self._ctx(tiny_catalog)
        ids = list(tiny_catalog.items.index)
        titles = [tiny_catalog.title(i) for i in ids[:3]]
        schema = tool.Input.model_json_schema()
        raw = fill(schema, schema.get("$defs", {}), titles)
        for key in ("history", "ids", "item_ids"):
            if key in raw:
                raw[key] = ids[:3]
        if "sql" in raw:
            raw["sql"] = "SELECT COUNT(*) FROM items"
        if "conditions" in raw:
            raw["conditions"] = []
        obs = tool()(raw, ctx)
        assert isinstance(obs.text, str) and obs.text and isinstance(obs.data, dict)
        steps = ctx.bus.tracker.to_list()
        assert len(steps) == 1 and steps[0]["tool"] == tool.name

    def test_bad_input_is_an_observed_error(self, box, tool, tiny_catalog):
        ctx = self._ctx(tiny_catalog)
        required = [n for n, f in tool.Input.model_fields.items() if f.is_required()]
        bad = {n: {"not": "valid"} for n in tool.Input.model_fields} if not required else {}
        obs = tool()(bad, ctx)
        assert "error" in obs.data and obs.text == obs.data["error"]
        steps = ctx.bus.tracker.to_list()
        assert len(steps) == 1 and steps[0]["error"]


@pytest.mark.parametrize("box,tool", ALL, ids=[f"{b}:{t.name}" for b, t in ALL])
class TestEveryTool(ToolContract):
    pass


def test_every_toolbox_is_covered():
    boxes = _toolboxes()
    assert len(boxes["interecagent"]) >= 6 and len(boxes["omulet"]) >= 15 and len(boxes["toolrec"]) >= 1
