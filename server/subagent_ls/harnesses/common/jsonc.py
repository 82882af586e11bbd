"""JSON with comments, as the harnesses read their settings files (Gemini CLI's
``strip-json-comments`` before ``JSON.parse``): ``//`` and ``/* */`` comments outside strings
become white space in one pass over the text (``tr/**/ue`` is no ``true``), then the file is
read as ``manifest_json`` reads JSON (bounded, cached on its stamp). OpenCode's reader
(``jsonc-parser``) also takes a comma before a closing bracket."""

from __future__ import annotations

from subagent_ls.harnesses.common.manifest_json import JsonRead, read_json


def _string_end(text: str, start: int) -> int:
    """Where the JSON string that opens at ``start`` ends (past its closing quote)."""
    end, size = start + 1, len(text)
    while end < size and text[end] != '"':
        end += 2 if text[end] == "\\" else 1
    return end + 1


def strip_comments(text: str) -> str:
    """``text`` with its comments replaced by spaces (newlines kept), strings untouched."""
    out: list[str] = []
    index, size = 0, len(text)
    while index < size:
        char = text[index]
        if char == '"':
            end = _string_end(text, index)
            out.append(text[index:end])
            index = end
        elif text.startswith("//", index):
            end = text.find("\n", index)
            out.append(" ")
            index = size if end < 0 else end
        elif text.startswith("/*", index):
            end = text.find("*/", index + 2)
            stop = size if end < 0 else end + 2
            out.append(" " + "\n" * text.count("\n", index, stop))
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


def without_trailing_commas(text: str) -> str:
    """``text`` (without comments) with each comma that stands, past white space, before a
    ``}`` or ``]`` dropped, strings untouched: one pass."""
    out: list[str] = []
    index, size = 0, len(text)
    pending = -1  # where a comma waits to be kept or dropped in ``out``
    while index < size:
        char = text[index]
        if char == '"':
            end = _string_end(text, index)
            out.append(text[index:end])
            index, pending = end, -1
            continue
        if char in "}]" and pending >= 0:
            out[pending] = ""
        if char == ",":
            pending = len(out)
        elif not char.isspace():
            pending = -1
        out.append(char)
        index += 1
    return "".join(out)


def strip_comments_and_trailing_commas(text: str) -> str:
    return without_trailing_commas(strip_comments(text))


def read_jsonc(path: str, trailing_commas: bool = False) -> JsonRead:
    """The JSON value of the file at ``path`` once its comments are white space (and, with
    ``trailing_commas``, its commas before a closing bracket dropped)."""
    return read_json(
        path, strip_comments_and_trailing_commas if trailing_commas else strip_comments
    )
