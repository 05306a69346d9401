"""``python -m yukon``: the same as the ``yukon`` command."""

import sys

from yukon.cli import main

sys.exit(main())
