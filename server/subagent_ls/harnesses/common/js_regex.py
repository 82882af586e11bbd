"""Whether a pattern compiles as a JavaScript regular expression, as V8 reads ``new
RegExp(pattern)`` without flags (the web-compatibility grammar included)."""

from __future__ import annotations

import re
import string

_QUANTIFIER = re.compile(r"[*+?]|\{(\d+)(?:,(\d*))?\}")
_MODIFIERS = re.compile(r"\(\?([ims]*)(?:-([ims]*))?:")
_CLASS_ESCAPES = frozenset("dDwWsS")
_CONTROL_ESCAPES = {"n": 10, "r": 13, "t": 9, "v": 11, "f": 12, "b": 8, "0": 0}


class _RegexError(Exception):
    pass


class _JsRegex:
    """A recursive-descent reading of a JavaScript regular expression without flags (with
    the web-compatibility grammar: ``{`` and ``]`` alone are literal, ``\\q`` is ``q``,
    lookaheads may be repeated), raising :class:`_RegexError` where V8 throws."""

    def __init__(self, pattern: str) -> None:
        self.text, self.at = pattern, 0
        self.names = set(re.findall(r"\(\?<([^=!][^>]*)>", pattern))

    def read(self) -> None:
        self.disjunction()
        if self.at < len(self.text):
            raise _RegexError("unmatched )")

    def disjunction(self) -> set[str]:
        names = self.alternative()
        while self.text.startswith("|", self.at):
            self.at += 1
            names |= self.alternative()
        return names

    def alternative(self) -> set[str]:
        names: set[str] = set()
        while self.at < len(self.text) and self.text[self.at] not in "|)":
            quantifiable, defined = self.atom()
            if names & defined:
                raise _RegexError("duplicate capture group name")
            names |= defined
            match = _QUANTIFIER.match(self.text, self.at)
            if match is None:
                continue
            if not quantifiable:
                raise _RegexError("nothing to repeat")
            if match[1] is not None and match[2] and int(match[1]) > int(match[2]):
                raise _RegexError("numbers out of order in {} quantifier")
            self.at = match.end() + self.text.startswith("?", match.end())
        return names

    def atom(self) -> tuple[bool, set[str]]:
        """Whether the atom may be repeated, and the group names it defines."""
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
        if char == "(":
            return self.group()
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

    def group(self) -> tuple[bool, set[str]]:
        text, start = self.text, self.at
        names: set[str] = set()
        quantifiable = True
        if text.startswith(("(?:", "(?=", "(?!"), start):
            self.at += 3
        elif text.startswith(("(?<=", "(?<!"), start):
            self.at, quantifiable = start + 4, False
        elif text.startswith("(?<", start):
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
        else:
            self.at += 1
        inner = self.disjunction()
        if not text.startswith(")", self.at):
            raise _RegexError("unterminated group")
        self.at += 1
        return quantifiable, names | inner

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
