"""A progress line on standard error while a long input is read."""

import sys
import time

DELAY = 1.0  # seconds of work before the line appears
INTERVAL = 0.2  # seconds between redraws


class Progress:
    """Rows read and their rate, redrawn in place on a terminal.

    Shown only when ``stream`` is a terminal and the work has lasted
    ``DELAY`` seconds; nothing is written otherwise.
    """

    def __init__(self, stream=None, clock=time.monotonic):
        self._stream = sys.stderr if stream is None else stream
        self._clock = clock
        self._start = clock()
        self._drawn = self._start
        self._shown = False
        self._on = self._stream.isatty()

    def update(self, rows):
        now = self._clock()
        if not self._on or now - self._start < DELAY or now - self._drawn < INTERVAL:
            return
        rate = rows / (now - self._start)
        self._stream.write(f"\rread {rows:,} rows ({rate:,.0f} rows/s)")
        self._stream.flush()
        self._drawn, self._shown = now, True

    def done(self):
        """Erase the line, so that only the results remain."""
        if self._shown:
            self._stream.write("\r\033[K")
            self._stream.flush()
            self._shown = False
