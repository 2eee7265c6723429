"""convrec as a Model Context Protocol server (``convrec mcp``): the agent and its catalog tools
for assistants, over stdio or streamable HTTP. See :mod:`convrec.mcp.server`."""
