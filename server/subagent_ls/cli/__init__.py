"""The command line: ``check`` today; it never imports pygls or lsprotocol."""
