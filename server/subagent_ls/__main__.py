"""Entry point for ``python -m subagent_ls``."""

from subagent_ls.cli.main import main

raise SystemExit(main())
