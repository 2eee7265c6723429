"""InteRecAgent: plan-first tool use over the candidate bus (planner, executor, repairs, reflection, demonstrations, prompts as data)."""
