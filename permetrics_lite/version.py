"""The release of this package (read by setup.cfg and the pickles' header)."""

__version__ = "0.1.0"
