"""The language server: thin pygls handlers over the analysis and the workspace."""
