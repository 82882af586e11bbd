"""Entry point for ``python -m subagent_ls``."""

from subagent_ls.cli.main import main

if __name__ == "__main__":  # worker processes import this module too; they must not run it
    raise SystemExit(main())
