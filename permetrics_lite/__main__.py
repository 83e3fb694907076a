"""``python -m permetrics_lite``: the ``permetrics-lite`` command."""

import sys

from .io.cli import main

sys.exit(main())
