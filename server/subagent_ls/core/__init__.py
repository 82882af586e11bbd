"""The pure core: documents, YAML, findings and fixes. Imports neither pygls nor lsprotocol."""
