"""OMuleT: a formatted intent, a fixed policy over many small tools, LLM-enumerated items linked back to the catalog."""
