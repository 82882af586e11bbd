"""The document core: source text and its encodings, positions, the frontmatter's fences, the
YAML tree and minimal edits of it, findings, verdicts and the resolved settings. No harness is
known here; imports neither pygls nor lsprotocol."""
