"""What is computed from the state: the formulas, the registry of metrics, the
queries of labels and of scores, and the tables."""
