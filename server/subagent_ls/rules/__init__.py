"""The rules, one module per concern. ``registry`` writes down every rule (per-file and
cross-file) and the context a check reports through; ``checks`` lists the checks in the order
they run. Importing this package imports nothing else: each module is imported where used."""
