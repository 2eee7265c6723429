"""ToolRec: the LLM as a surrogate user in a Thought/Action/Observation loop over attribute-oriented retrieval."""
