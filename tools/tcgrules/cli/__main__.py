"""``python -m tcgrules.cli``: the same as the ``tcgrules`` command."""
import sys

from . import main

sys.exit(main())
