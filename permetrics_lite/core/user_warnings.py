"""Warnings that point at the user's line, whichever public path raised them."""

import os
import sys
import warnings

from .. import validation as _validation

# the package's directory (this module is in its core/ subpackage)
_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep


def user_stacklevel():
    """The ``stacklevel`` of the innermost frame outside this package.

    Counted from the caller of this function: 1 is that caller, 2 its caller,
    and so on. A fixed ``stacklevel`` is right for one call path only (a
    method called directly, through ``report()``, ``summary()``, a functional
    form or ``get_metrics_by_dict`` are different depths); walking out of the
    package's frames is right for all of them.
    """
    frame = sys._getframe(1)
    level = 1
    while frame is not None and frame.f_code.co_filename.startswith(_PACKAGE_DIR):
        frame = frame.f_back
        level += 1
    return level


def warn(warning):
    """``warnings.warn`` of a warning (an instance of its category, whose message
    names its parameters: ``InputWarning``, ``UndefinedMetricWarning``), attributed
    to the user's line that called the library."""
    warnings.warn(warning, stacklevel=user_stacklevel())


class renamed:
    """The warnings of a ``with`` block with their parameters renamed (``{"y_pred":
    "y_a"}``), for a function that evaluates its own arguments under another
    function's names; each is then warned as :func:`warn` does, and the user's
    filters apply to it. (A class, not a generator: its exit runs in this package,
    so the warning still points at the user's line.)"""

    def __init__(self, names):
        self.names = names
        self._catching = warnings.catch_warnings(record=True)

    def __enter__(self):
        self._caught = self._catching.__enter__()
        warnings.simplefilter("always")
        return self

    def __exit__(self, *raised):
        self._catching.__exit__(*raised)
        for record in self._caught:
            message = record.message
            warn(message.renamed(self.names) if isinstance(message, _validation.Worded)
                 else message)
        return False
