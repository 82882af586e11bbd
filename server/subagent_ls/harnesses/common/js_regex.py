"""Whether a pattern compiles as a JavaScript regular expression, as V8 reads ``new
RegExp(pattern)`` without flags (the web-compatibility grammar included)."""

from __future__ import annotations

import re
import string

from subagent_ls.core.patterns import LazyPattern

_QUANTIFIER = LazyPattern(r"[*+?]|\{(\d+)(?:,(\d*))?\}")
_MODIFIERS = LazyPattern(r"\(\?([ims]*)(?:-([ims]*))?:")
_CLASS_ESCAPES = frozenset("dDwWsS")
_CONTROL_ESCAPES = {"n": 10, "r": 13, "t": 9, "v": 11, "f": 12, "b": 8, "0": 0}
_NAME_OPENING = "(?<"
MAX_CAPTURES = 32767
"""V8 throws "Too many captures" past this many capturing groups."""
INFINITY = 2**31 - 1
"""V8 reads a ``{min,max}`` bound past this as this (``RegExpTree::kInfinity``)."""


class _RegexError(Exception):
    pass


def _group_names(pattern: str) -> set[str]:
    """The names of ``(?<name>`` groups (what ``\\k<name>`` may refer to): as the
    pattern ``\\(\\?<([^=!][^>]*)>`` finds them, one after another, by plain searches (each
    ``>`` is looked for once, so a run of openings without one takes linear time)."""
    names: set[str] = set()
    at = pattern.find(_NAME_OPENING)
    while at >= 0:
        first = at + len(_NAME_OPENING)
        if first < len(pattern) and pattern[first] not in "=!":
            closing = pattern.find(">", first + 1)
            if closing < 0:
                break
            names.add(pattern[first:closing])
            at = pattern.find(_NAME_OPENING, closing + 1)
        else:
            at = pattern.find(_NAME_OPENING, at + 1)
    return names


def _merged(one: set[str], other: set[str]) -> set[str]:
    """Both sets as one, the smaller added to the larger (neither is used again): nested
    groups' names are gathered in linear time."""
    if len(one) < len(other):
        one, other = other, one
    one |= other
    return one


def _bound(digits: str) -> int:
    """A quantifier's bound as V8 reads it: saturated at ``INFINITY`` (and read without
    turning thousands of digits into an integer)."""
    significant = digits.lstrip("0")
    return INFINITY if len(significant) > 10 else min(int(significant or "0"), INFINITY)


class _Frame:
    """An open group (or the whole pattern, ``group`` None): the names its finished
    alternatives define, the names of the alternative being read, and the group's own reading
    (whether it may be repeated, its own name)."""

    __slots__ = ("alternatives", "current", "group")

    def __init__(self, group: tuple[bool, set[str]] | None) -> None:
        self.alternatives: set[str] = set()
        self.current: set[str] = set()
        self.group = group


class _JsRegex:
    """A reading of a JavaScript regular expression without flags (with the
    web-compatibility grammar: ``{`` and ``]`` alone are literal, ``\\q`` is ``q``, lookaheads
    may be repeated), raising :class:`_RegexError` where V8 throws. Groups are kept on a
    stack of their own, so that any depth of nesting reads in one pass."""

    def __init__(self, pattern: str) -> None:
        self.text, self.at = pattern, 0
        self.names = _group_names(pattern)
        self.captures = 0

    def read(self) -> None:
        text = self.text
        frames = [_Frame(None)]
        while self.at < len(text):
            char, frame = text[self.at], frames[-1]
            if char == "|":
                self.at += 1
                frame.alternatives = _merged(frame.alternatives, frame.current)
                frame.current = set()
                continue
            if char == ")":
                if frame.group is None:
                    raise _RegexError("unmatched )")
                self.at += 1
                frames.pop()
                quantifiable, own = frame.group
                inner = _merged(frame.alternatives, frame.current)
                if own & inner:
                    raise _RegexError("duplicate capture group name")
                defined = _merged(inner, own)
                self.after_atom(frames[-1], quantifiable, defined)
                continue
            if char == "(":
                frames.append(_Frame(self.open_group()))
                continue
            self.after_atom(frame, *self.atom())
        if len(frames) > 1:
            raise _RegexError("unterminated group")

    def after_atom(self, frame: _Frame, quantifiable: bool, defined: set[str]) -> None:
        """Take in an atom read in ``frame``'s alternative, and the quantifier after it."""
        if frame.current & defined:
            raise _RegexError("duplicate capture group name")
        frame.current = _merged(frame.current, defined)
        match = _QUANTIFIER.match(self.text, self.at)
        if match is None:
            return
        if not quantifiable:
            raise _RegexError("nothing to repeat")
        if match[1] is not None and match[2] and _bound(match[1]) > _bound(match[2]):
            raise _RegexError("numbers out of order in {} quantifier")
        self.at = match.end() + self.text.startswith("?", match.end())

    def atom(self) -> tuple[bool, set[str]]:
        """An atom that is not a group: whether it may be repeated (it defines no name)."""
        text, char = self.text, self.text[self.at]
        if char in "^$":
            self.at += 1
            return False, set()
        if char in "*+?" or (char == "{" and _QUANTIFIER.match(text, self.at)):
            raise _RegexError("nothing to repeat")
        if char == "\\":
            return self.escape(), set()
        if char == "[":
            self.character_class()
            return True, set()
        self.at += 1
        return True, set()

    def escape(self) -> bool:
        text = self.text
        if self.at + 1 >= len(text):
            raise _RegexError("\\ at end of pattern")
        following = text[self.at + 1]
        self.at += 2
        if following == "k" and self.names:
            match = re.compile(r"<([^>]*)>").match(text, self.at)
            if match is None or match[1] not in self.names:
                raise _RegexError("invalid named reference")
            self.at = match.end()
        return True

    def open_group(self) -> tuple[bool, set[str]]:
        """Read a group's opening: whether the group may be repeated, and its own name."""
        text, start = self.text, self.at
        names: set[str] = set()
        quantifiable = True
        if text.startswith(("(?:", "(?=", "(?!"), start):
            self.at += 3
            return quantifiable, names
        if text.startswith(("(?<=", "(?<!"), start):
            self.at = start + 4
            return False, names
        if text.startswith("(?<", start):
            end = text.find(">", start)
            name = text[start + 3 : end] if end > 0 else ""
            if not name or not (name[0] == "$" or name.replace("$", "_").isidentifier()):
                raise _RegexError("invalid capture group name")
            names.add(name)
            self.at = end + 1
        elif text.startswith("(?", start):
            match = _MODIFIERS.match(text, start)
            adding, removing = (match[1], match[2]) if match else ("", None)
            both = adding + (removing or "")
            if match is None or len(set(both)) < len(both) or removing == "" == adding:
                raise _RegexError("invalid group")
            self.at = match.end()
            return quantifiable, names
        else:
            self.at += 1
        self.captures += 1
        if self.captures > MAX_CAPTURES:
            raise _RegexError("too many captures")
        return quantifiable, names

    def character_class(self) -> None:
        text = self.text
        self.at += 1 + text.startswith("^", self.at + 1)
        while self.at < len(text) and text[self.at] != "]":
            low = self.class_atom()
            if (
                text.startswith("-", self.at)
                and self.at + 1 < len(text)
                and text[self.at + 1] != "]"
            ):
                self.at += 1
                high = self.class_atom()
                if low is not None and high is not None and low > high:
                    raise _RegexError("range out of order in character class")
        if self.at >= len(text):
            raise _RegexError("unterminated character class")
        self.at += 1

    def class_atom(self) -> int | None:
        """The code of one class member (None for ``\\d`` and the like)."""
        text = self.text
        if text[self.at] != "\\":
            self.at += 1
            return ord(text[self.at - 1])
        if self.at + 1 >= len(text):
            raise _RegexError("\\ at end of pattern")
        following = text[self.at + 1]
        self.at += 2
        if following in _CLASS_ESCAPES:
            return None
        if following in _CONTROL_ESCAPES:
            return _CONTROL_ESCAPES[following]
        hexadecimal = {"x": 2, "u": 4}.get(following)
        digits = text[self.at : self.at + hexadecimal] if hexadecimal else ""
        if (
            hexadecimal
            and len(digits) == hexadecimal
            and all(c in string.hexdigits for c in digits)
        ):
            self.at += hexadecimal
            return int(digits, 16)
        return ord(following)


def js_regex_valid(pattern: str) -> bool:
    """Whether ``new RegExp(pattern)`` compiles (V8, no flags)."""
    try:
        _JsRegex(pattern).read()
    except _RegexError:
        return False
    return True
