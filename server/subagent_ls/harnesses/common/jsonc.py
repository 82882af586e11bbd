"""JSON with comments, as the harnesses read their settings files (Gemini CLI's
``strip-json-comments`` before ``JSON.parse``): ``//`` and ``/* */`` comments outside strings
are dropped in one pass over the text, then the file is read as ``manifest_json`` reads JSON
(bounded, cached on its stamp)."""

from __future__ import annotations

from subagent_ls.harnesses.common.manifest_json import JsonRead, read_json


def strip_comments(text: str) -> str:
    """``text`` with its comments replaced by spaces (newlines kept), strings untouched."""
    out: list[str] = []
    index, size = 0, len(text)
    while index < size:
        char = text[index]
        if char == '"':
            end = index + 1
            while end < size and text[end] != '"':
                end += 2 if text[end] == "\\" else 1
            out.append(text[index : end + 1])
            index = end + 1
        elif text.startswith("//", index):
            end = text.find("\n", index)
            index = size if end < 0 else end
        elif text.startswith("/*", index):
            end = text.find("*/", index + 2)
            stop = size if end < 0 else end + 2
            out.append("\n" * text.count("\n", index, stop))
            index = stop
        else:
            end = index
            while end < size and text[end] not in '"/':
                end += 1
            if end == index:  # a lone `/`
                end += 1
            out.append(text[index:end])
            index = end
    return "".join(out)


def read_jsonc(path: str) -> JsonRead:
    """The JSON value of the file at ``path`` once its comments are dropped."""
    return read_json(path, strip_comments)
