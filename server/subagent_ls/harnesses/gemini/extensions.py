"""Gemini CLI 0.61.0's extensions as a source of agents: each folder of
``~/.gemini/extensions/`` (``$GEMINI_CLI_HOME/.gemini/extensions/`` when that is set) that holds
``gemini-extension.json`` (user level only,
``ExtensionStorage.getUserExtensionsDir``) gives the agent files of its ``agents/`` folder,
read by the same loader as project and user agents (``loadAgentsFromDirectory``: no
subfolders, the strict schema, names not namespaced). ``loadAgents`` registers the built-ins,
the project's, the user's and then the extensions' agents, and the first registration of a
name wins, so an extension's agent loses every clash.

Not read: extensions installed as links to another folder (``type: "link"``), and whether an
extension is switched off."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from subagent_ls.harnesses.common.manifest_json import note_read, read_json, stamp
from subagent_ls.harnesses.gemini.home import HOME_VARIABLE
from subagent_ls.harnesses.sources import Source, folder_source

MANIFEST = "gemini-extension.json"
MAX_EXTENSIONS = 1000


def _extension_source(folder: Path, name: str) -> Source:
    return folder_source(
        f"extension:{folder.name}",
        f"extension {name} ~/.gemini/extensions/{folder.name}/agents",
        "plugin",
        0,
        "gemini",
        folder / "agents",
    )._replace(hidden=True)


def _name(folder: Path) -> str:
    value = read_json(str(folder / MANIFEST)).value
    name = value.get("name") if isinstance(value, dict) else None
    return name if isinstance(name, str) and name else folder.name


def extension_folders(gemini: Path) -> list[Path]:
    """The folders of the extensions of the user's ``.gemini`` folder (those that hold a
    manifest), in name order."""
    extensions = gemini / "extensions"
    note_read(str(extensions), stamp(str(extensions)))
    try:
        with os.scandir(extensions) as scan:
            names = sorted(e.name for _, e in zip(range(MAX_EXTENSIONS), scan, strict=False))
    except OSError:
        return []
    folders = [extensions / name for name in names]
    return [folder for folder in folders if (folder / MANIFEST).is_file()]


def extension_sources(gemini: Path) -> list[Source]:
    """One source per extension of the user's ``.gemini`` folder, in name order."""
    return [_extension_source(folder, _name(folder)) for folder in extension_folders(gemini)]


@lru_cache(maxsize=256)
def _cached(folder: str, manifest: object) -> Source:
    """The extension's source while its manifest keeps the stamp ``manifest``."""
    return _extension_source(Path(folder), _name(Path(folder)))


def extension_source(path: str) -> Source | None:
    """The extension whose ``agents/`` holds the file at ``path``, under this process's home
    (``GEMINI_CLI_HOME`` or HOME)."""
    home = os.environ.get(HOME_VARIABLE) or os.path.expanduser("~")
    extensions = os.path.join(os.path.abspath(home), ".gemini", "extensions") + os.sep
    if not path.startswith(extensions):
        return None
    parts = path[len(extensions) :].split(os.sep)
    if len(parts) != 3 or parts[1] != "agents" or not parts[2].endswith(".md"):
        return None
    folder = extensions + parts[0]
    manifest = stamp(os.path.join(folder, MANIFEST))
    return _cached(folder, manifest) if manifest is not None else None
