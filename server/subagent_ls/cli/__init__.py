"""The command line: ``check``, ``catalog``, ``schema`` and ``serve``; only ``serve`` imports pygls
or lsprotocol."""
