"""Regular expressions compiled at first use.

A command-line check imports every dialect's reader, but most of their patterns serve only some
files (another harness's, a frontmatter that does not parse, a fix): compiling them all at import
would cost a few milliseconds on every call.
"""

from __future__ import annotations

import re
from typing import Any

_METHODS = ("match", "fullmatch", "search", "finditer", "findall", "sub", "subn", "split")


class LazyPattern:
    """``re.compile(pattern, flags)``, compiled on first use; from then on the compiled
    pattern's methods are attributes of this object."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self._source = (pattern, flags)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name == "_source":
            raise AttributeError(name)
        compiled = re.compile(*self._source)
        for method in _METHODS:
            setattr(self, method, getattr(compiled, method))
        return getattr(compiled, name)
