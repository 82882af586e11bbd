"""The workspace: files on disk and the catalogs built from them. Walking folders (bounded),
finding agent files, settings files and their validation, checking files (and fixing them in
place) over worker processes, and ``catalog``: each harness's layered sources scanned, resolved
and kept current."""
