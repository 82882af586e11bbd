"""subagent-ls: a linter and language server for subagent definition files."""

__version__ = "0.1.0"
