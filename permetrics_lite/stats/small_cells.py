"""The multinomial draw over many small cells, as Poisson draws of the cells.

A multinomial draw of n samples over cells of probabilities p is the draw of
independent Poisson counts of means mu * p conditioned on their total: given a
total s, the Poisson counts are a multinomial draw of s samples. So with mu a
little below n, a resample is the Poisson counts, drawn again while their total
exceeds n, plus an independent multinomial draw of the n - s samples missing:
exactly the multinomial draw of n. The missing samples are numpy's multinomial
draw over the large cells and the small ones as one category, whose share is
drawn sample by sample among the small cells' samples.

numpy draws a Poisson count of a small mean at some 40 ns; here a cell of c < 8
samples (mean c * mu / n) is drawn by inverting its distribution function at a
uniform number drawn a byte at a time: a table of 256 entries gives the count
for each first byte whose interval holds no step of the function, a second
table for each second byte of the rest, and the few still undecided are
found from a uniform float (as exact as any draw through a float). A byte and
one lookup per cell cost about 2 ns. The cells of 8 samples or more are numpy's
Poisson draws.
"""

from typing import NamedTuple

import numpy as np

SPARE = 2.0  # mu = n - SPARE * sqrt(n): a draw exceeds n with probability ~2%
UNDECIDED = 255  # a table's entry for a byte whose interval holds a step


def poisson_cdf(mean):
    """The distribution function of a Poisson count of this (small) mean at 0, 1, ...,
    up to where it reaches 1.0 in floats."""
    terms = [np.exp(-mean)]
    while terms[-1] > 1e-30 or len(terms) <= mean:
        terms.append(terms[-1] * mean / len(terms))
    cdf = np.minimum(np.cumsum(terms), 1.0)
    cdf[-1] = 1.0
    return cdf


class ByteTables(NamedTuple):
    """The inverses of G distribution functions at a uniform number read a byte at a
    time: distribution g's entries are at ``g * 256 + byte``."""

    cdfs: np.ndarray  # (G, longest): the functions' values, 2.0 beyond their last
    first: np.ndarray  # (G * 256,) uint8: the value of each first byte, or UNDECIDED
    slot: np.ndarray  # (G * 256,): the row of ``second`` of each undecided first byte
    second: np.ndarray  # (undecided first bytes, 256) uint8: the value, or UNDECIDED

    @classmethod
    def of(cls, cdfs):
        """The tables of distribution functions of fewer than 255 values each."""
        bytes_ = np.arange(257)
        first, second, slot, used = [], [], [], 0
        for cdf in cdfs:
            values, undecided = _values(cdf, bytes_ / 256)
            rows = np.zeros(256, dtype=np.intp)
            rows[undecided] = used + np.arange(len(undecided))
            used += len(undecided)
            first.append(values)
            slot.append(rows)
            second.append(_values(cdf, (undecided[:, None] * 256 + bytes_) / 65536)[0])
        padded = np.full((len(cdfs), max(map(len, cdfs), default=0)), 2.0)
        for row, cdf in zip(padded, cdfs):
            row[:len(cdf)] = cdf
        return cls(padded, np.concatenate(first), np.concatenate(slot),
                   np.concatenate(second).reshape(used, 256))

    def draw(self, source, tables, size):
        """``size`` values of the distribution ``tables[j]`` for each j, uint8
        (size, len(tables))."""
        high = uniform_bytes(source, size * len(tables)).reshape(size, len(tables))
        entry = np.add(high, (tables * 256).astype(np.uint16), dtype=np.uint16)
        values = self.first.take(entry)
        undecided = np.flatnonzero(values == UNDECIDED)
        if len(undecided):
            entry = entry.ravel()[undecided]
            low = uniform_bytes(source, len(undecided))
            decided = self.second[self.slot[entry], low]
            still = np.flatnonzero(decided == UNDECIDED)
            if len(still):
                table, byte = np.divmod(entry[still], 256)
                uniform = (byte * 256.0 + low[still] + source.random(len(still))) / 65536
                # the steps at or below each
                decided[still] = (self.cdfs[table] <= uniform[:, None]).sum(axis=1)
            values.ravel()[undecided] = decided
        return values


def uniform_bytes(source, size):
    """``size`` uniform random bytes of a ``numpy.random.Generator``: the 64-bit words
    of its bit generator read as bytes, little-endian on any machine (twice as fast
    as its ``integers``)."""
    words = source.bit_generator.random_raw(-(-size // 8))
    return words.astype("<u8", copy=False).view(np.uint8)[:size]


def _values(cdf, edges):
    """The value (the number of steps at or below) at the start of each interval
    between consecutive ``edges`` (along the last axis), UNDECIDED where a step lies
    inside it; and the intervals that hold one."""
    at_start = np.searchsorted(cdf, edges[..., :-1], side="right")
    below_end = np.searchsorted(cdf, edges[..., 1:], side="left")
    inside = at_start != below_end
    values = np.where(inside, UNDECIDED, at_start).astype(np.uint8)
    return values.ravel(), np.flatnonzero(inside.ravel())


class Drawn(NamedTuple):
    """One chunk of resamples: the Poisson counts of the small cells, uint8 (B, small
    cells), and of the large cells, int64 (B, large cells), in the order of the cells;
    and the rest, drawn after them: of each large cell, int64 (B, large cells), and
    of the small cells one sample at a time (its resample, and which of the small
    cells' samples it is)."""

    small: np.ndarray
    large: np.ndarray
    rest: np.ndarray
    resample: np.ndarray
    sample: np.ndarray  # positions in ``Sampler.owner``


class Sampler:
    """Multinomial draws of ``n`` samples over cells holding ``count`` samples (all
    positive), the cells of fewer than ``below`` samples drawn through byte tables."""

    def __init__(self, n, count, below):
        self.n, self.width = n, len(count)
        mean = max(n - SPARE * np.sqrt(n), 0.0) / count.sum()  # a cell's mean per sample
        self.small = np.flatnonzero(count < below)
        values, self._tables = np.unique(count[self.small], return_inverse=True)
        self.tables = ByteTables.of([poisson_cdf(value * mean) for value in values])
        self.large = np.flatnonzero(count >= below)
        self.large_mean = count[self.large] * mean
        # the rest: a multinomial draw over the large cells and the small ones as one,
        # whose share goes to the small cells' samples drawn uniformly
        self.grouped = np.r_[count[self.large], count[self.small].sum()] / count.sum()
        self.owner = np.repeat(self.small, count[self.small])  # a small sample's cell

    def draw(self, source, size, summed=None):
        """A chunk of ``size`` resamples, as :class:`Drawn`, with ``summed`` of their
        Poisson counts: ``summed(small, large)`` gives arrays (B, ...) of the resamples
        (sums of their counts) and the resamples' totals; by default no arrays."""
        summed = _totals if summed is None else summed
        small, large = self._poisson(source, size)
        sums, total = summed(small, large)
        over = np.flatnonzero(total > self.n)
        while len(over):  # drawn again: the draws given a total of at most n
            again_small, again_large = self._poisson(source, len(over))
            again_sums, again_total = summed(again_small, again_large)
            for part, again in zip(sums, again_sums):
                part[over] = again
            small[over], large[over], total[over] = again_small, again_large, again_total
            over = over[again_total > self.n]
        rest = source.multinomial(self.n - total, self.grouped)
        sample = source.integers(0, len(self.owner), int(rest[:, -1].sum()))
        return Drawn(small, large, rest[:, :-1], np.repeat(np.arange(size), rest[:, -1]),
                     sample), sums

    def _poisson(self, source, size):
        return (self.tables.draw(source, self._tables, size),
                source.poisson(self.large_mean, (size, len(self.large))))

    def counts(self, drawn):
        """The counts of every cell, int64 (B, cells), in the order of ``count``."""
        counts = np.zeros((len(drawn.large), self.width), dtype=np.int64)
        counts[:, self.small] = drawn.small
        counts[:, self.large] = drawn.large + drawn.rest
        np.add.at(counts, (drawn.resample, self.owner[drawn.sample]), 1)
        return counts


def _totals(small, large):
    return (), large.sum(axis=1) + small.sum(axis=1, dtype=np.int64)
