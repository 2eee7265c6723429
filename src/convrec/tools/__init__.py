"""The toolbox shared by every strategy: one small Tool contract, run against the candidate bus."""
