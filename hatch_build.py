"""Build hook: the package's PyPI description is README.md with its relative links made
absolute, pointing into the repository (``[project.urls] Repository``) at the release's tag, so
that they work on PyPI."""

from __future__ import annotations

import re
from pathlib import Path

from hatchling.metadata.plugin.interface import MetadataHookInterface

_RELATIVE_LINK = re.compile(r"\]\((?![a-z][a-z0-9+.-]*:|#|/)([^)\s]+)\)")


def absolute_links(markdown: str, repository: str, version: str) -> str:
    """``markdown`` with each relative link target turned into a link into ``repository``."""
    base = f"{repository.rstrip('/')}/blob/v{version}/"
    return _RELATIVE_LINK.sub(lambda match: f"]({base}{match[1]})", markdown)


class CustomMetadataHook(MetadataHookInterface):
    def update(self, metadata: dict) -> None:
        readme = Path(self.root, "README.md").read_text(encoding="utf-8")
        text = absolute_links(readme, metadata["urls"]["Repository"], metadata["version"])
        metadata["readme"] = {"content-type": "text/markdown", "text": text}
