"""Warnings that point at the user's line, whichever public path raised them."""

import os
import sys
import warnings

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
