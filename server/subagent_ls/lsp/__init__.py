"""The language server: thin pygls handlers over the engine."""
