"""The built-in agents of Gemini CLI 0.61.0 (``AgentRegistry.loadBuiltInAgents``): registered
before any file, and a name is registered once (``registerAgent`` keeps the first and warns
``Duplicate agent name '…' detected. The later definition will be ignored.``), so a definition
named like one of them is never used."""

from __future__ import annotations

BUILTINS = {
    "codebase_investigator": "The specialized tool for codebase analysis, architectural "
    "mapping, and understanding system-wide dependencies. Invoke this tool for tasks like vague "
    "requests, bug root-cause analysis, system refactoring, comprehensive feature "
    "implementation or to answer questions about the codebase that require investigation. It "
    "returns a structured report with key file paths, symbols, and actionable architectural "
    "insights.",
    "cli_help": "Specialized agent for answering questions about the Gemini CLI application. "
    "Invoke this agent for questions regarding CLI features, configuration schemas (e.g., "
    "policies), or instructions on how to create custom subagents. It queries internal "
    "documentation to provide accurate usage guidance.",
    "generalist": "A general-purpose AI agent with access to all tools. Highly recommended for "
    "tasks that are turn-intensive or involve processing large amounts of data. Use this to "
    "keep the main session history lean and efficient. Excellent for: batch refactoring/error "
    "fixing across multiple files, running commands with high-volume output, and speculative "
    "investigations.",
}
"""The built-ins of Gemini CLI 0.61.0 as the model is given them (outside plan mode);
``browser_agent`` only when settings enable it."""
