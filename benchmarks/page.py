"""The page's text: times, ratios and sizes as strings, and markdown tables."""

from harness import median


def fmt_time(seconds):
    if seconds is None:
        return "over budget"
    if isinstance(seconds, str):
        return seconds
    if seconds >= 1:
        return f"{seconds:.2f} s"
    return f"{seconds * 1e3:.3g} ms"


def fmt_runs(runs):
    """The median and, in brackets, the fastest and slowest round."""
    if not isinstance(runs, list):
        return fmt_time(runs)
    return f"{fmt_time(median(runs))} ({fmt_time(min(runs))} – {fmt_time(max(runs))})"


def fmt_spread(value, digits=1):
    """A ratio of medians and, in brackets, the lowest and highest ratio of one round."""
    if value is None:
        return "—"
    middle, low, high = value
    return f"{middle:,.{digits}f}× ({low:,.{digits}f}–{high:,.{digits}f})"


def fmt_ratio(peer, own):
    """peer / own of two times (the other benchmarks' tables)."""
    numbers = all(isinstance(v, float) for v in (peer, own))
    return f"{peer / own:,.1f}×" if numbers else "—"


def fmt_n(n):
    return f"{n:.0e}"


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return "\n".join(lines + ["| " + " | ".join(map(str, row)) + " |" for row in rows])
