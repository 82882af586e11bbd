"""The harnesses: one package each (its fields, its loader, its hooks, the folders it reads and
their precedence, its built-ins), over the document core; ``model``, ``sources``, ``profile`` and
``environment`` give every package the same shapes, ``common`` the readers several share, and
``registry`` lists them all. A harness package never imports another."""
