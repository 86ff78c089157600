"""``python -m sgscore.fuzz``: the fuzzing harness's command line (:mod:`sgscore.fuzz.cli`)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
