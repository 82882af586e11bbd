"""The catalog: every definition a harness would load from its layered sources, and which one
wins for each name."""
