"""Strategies (InteRecAgent, OMuleT, ToolRec, baselines) over the shared toolbox."""
