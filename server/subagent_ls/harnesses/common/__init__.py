"""Readers several harnesses share: how JavaScript libraries read a value (V8 regular
expressions, the WHATWG URL parser, zod schemas over js-yaml), tool lists, and the verdicts
of harnesses that load a file unless it has an error. No harness is named here."""
