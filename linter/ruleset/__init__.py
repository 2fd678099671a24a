"""The rule side of the engine: the rule contract, the registry and index, rule docs and the context rules read."""
