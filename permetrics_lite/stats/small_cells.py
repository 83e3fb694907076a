"""The multinomial draw over many small cells, as Poisson draws of the cells.

A multinomial draw of n samples over cells of probabilities p is the draw of
independent Poisson counts of means mu * p conditioned on their total: given a
total s, the Poisson counts are a multinomial draw of s samples. So with mu a
little below n, a resample is the Poisson counts, drawn again while their total
exceeds n, plus an independent multinomial draw of the n - s samples missing:
exactly the multinomial draw of n. The missing samples are a multinomial draw
over the large cells and the small ones as one category (a category per sample,
looked up as below), whose share is drawn sample by sample among the small
cells' samples.

numpy draws a Poisson count of a small mean at some 40 ns; here a cell of c < 8
samples (mean c * mu / n) is drawn by inverting its distribution function at a
uniform number whose first 16 bits are drawn first: a table of 65,536 entries
gives the count for each whose interval holds no step of the function, and the
few others (some 2 in 10,000) are found from a uniform float (as exact as any draw
through a float). Two random bytes and one lookup per cell cost about 1.5 ns.
The cells of 8 samples or more are numpy's Poisson draws.
"""

from typing import NamedTuple

import numpy as np

SPARE = 2.0  # mu = n - SPARE * sqrt(n): a draw exceeds n with probability ~2%
UNDECIDED = 255  # a table's entry for 16 bits whose interval holds a step
WORDS = 65536  # the values of 16 bits
# 16-bit numbers looked up at once: their positions, made int64 by numpy's take,
# stay in a cache
BLOCK = 2**15


def poisson_cdf(mean):
    """The distribution function of a Poisson count of this (small) mean at 0, 1, ...,
    up to where it reaches 1.0 in floats."""
    terms = [np.exp(-mean)]
    while terms[-1] > 1e-30 or len(terms) <= mean:
        terms.append(terms[-1] * mean / len(terms))
    cdf = np.minimum(np.cumsum(terms), 1.0)
    cdf[-1] = 1.0
    return cdf


class Tables(NamedTuple):
    """The inverses of G distribution functions at a uniform number, read 16 bits
    first."""

    cdfs: np.ndarray  # (G, longest): the functions' values, 2.0 beyond their last
    first: np.ndarray  # (G, WORDS) uint8: the value of each first 16 bits, or UNDECIDED

    @classmethod
    def of(cls, cdfs):
        """The tables of distribution functions of fewer than 255 values each."""
        edges = np.arange(WORDS + 1) / WORDS
        padded = np.full((len(cdfs), max(map(len, cdfs), default=0)), 2.0)
        first = np.empty((len(cdfs), WORDS), dtype=np.uint8)
        for row, values, cdf in zip(padded, first, cdfs):
            row[:len(cdf)] = cdf
            # the value at each interval's start, unless a step lies inside it
            at_start = np.searchsorted(cdf, edges[:-1], side="right")
            inside = at_start != np.searchsorted(cdf, edges[1:], side="left")
            values[:] = np.where(inside, UNDECIDED, at_start)
        return cls(padded, first)

    def draw(self, source, tables, size):
        """``size`` values of the distribution ``tables[j]`` for each j, uint8
        (len(tables), size): a row per distribution, quickest where equal tables
        are next to each other."""
        high = uniform_words(source, len(tables) * size)
        values = np.empty(len(high), dtype=np.uint8)
        changes = np.flatnonzero(tables[1:] != tables[:-1]) + 1
        for start, stop in zip(np.r_[0, changes][:len(tables)], np.r_[changes, len(tables)]):
            _lookup(self.first[tables[start]], high[start * size:stop * size],
                    values[start * size:stop * size])
        undecided = np.flatnonzero(values == UNDECIDED)
        if len(undecided):
            high = high[undecided]
            # below the interval's end, whatever the rounding
            uniform = np.minimum((high + source.random(len(undecided))) / WORDS,
                                 np.nextafter((high + 1.0) / WORDS, 0))
            cdfs = self.cdfs[tables[undecided // size]]
            values[undecided] = (cdfs <= uniform[:, None]).sum(axis=1)  # steps at or below
        return values.reshape(len(tables), size)


def _lookup(table, index, out):
    """``out[i] = table[index[i]]``, a block at a time."""
    for start in range(0, len(index), BLOCK):
        table.take(index[start:start + BLOCK], out=out[start:start + BLOCK], mode="clip")


def uniform_words(source, size):
    """``size`` uniform random 16-bit numbers of a ``numpy.random.Generator``: the 64-bit
    words of its bit generator, read as four numbers each, little-endian on any
    machine (twice as fast as its ``integers``)."""
    words = source.bit_generator.random_raw(-(-size // 4))
    return words.astype("<u8", copy=False).view("<u2")[:size]


class Drawn(NamedTuple):
    """One chunk of resamples: the Poisson counts of the small cells, uint8 (small
    cells, B), a row per cell in the order of ``Sampler.small``, and of the large
    cells, int64 (B, large cells), in the order of ``Sampler.large``; and the rest,
    drawn after them: of each large cell, int64 (B, large cells), and of the small
    cells one sample at a time (its resample, and which of the small cells' samples
    it is)."""

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
        small = np.flatnonzero(count < below)
        values, tables = np.unique(count[small], return_inverse=True)
        by_table = np.argsort(tables, kind="stable")  # the cells of one table together
        self.small, self._tables = small[by_table], tables[by_table]
        self.tables = Tables.of([poisson_cdf(value * mean) for value in values])
        self.large = np.flatnonzero(count >= below)
        self.large_mean = count[self.large] * mean
        # the rest: a multinomial draw over the large cells and the small ones as one,
        # whose share goes to the small cells' samples drawn uniformly
        self.grouped = np.r_[count[self.large], count[self.small].sum()] / count.sum()
        cdf = np.minimum(np.cumsum(self.grouped), 1.0)
        cdf[-1] = 1.0
        self.rest_tables = Tables.of([cdf]) if len(cdf) < UNDECIDED else None
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
            small[:, over], large[over], total[over] = again_small, again_large, again_total
            over = over[again_total > self.n]
        rest = self._rest(source, self.n - total)
        sample = source.integers(0, len(self.owner), int(rest[:, -1].sum()))
        return Drawn(small, large, rest[:, :-1], np.repeat(np.arange(size), rest[:, -1]),
                     sample), sums

    def _rest(self, source, missing):
        """Multinomial draws of ``missing`` samples of each resample over the large
        cells and the small ones as one, int64 (B, large cells + 1): numpy's, or where
        they are fewer than 255, a category per sample, the inverse of their
        distribution function (a lookup each, not a binomial draw per category)."""
        if self.rest_tables is None:
            return source.multinomial(missing, self.grouped)
        width = len(self.grouped)
        first = np.repeat(np.arange(len(missing)) * width, missing)  # each sample's row
        category = self.rest_tables.draw(source, np.zeros(1, dtype=np.intp), len(first))[0]
        return np.bincount(first + category, minlength=len(missing) * width).reshape(-1, width)

    def _poisson(self, source, size):
        return (self.tables.draw(source, self._tables, size),
                source.poisson(self.large_mean, (size, len(self.large))))

    def counts(self, drawn):
        """The counts of every cell, int64 (B, cells), in the order of ``count``."""
        counts = np.zeros((len(drawn.large), self.width), dtype=np.int64)
        counts[:, self.small] = drawn.small.T
        counts[:, self.large] = drawn.large + drawn.rest
        np.add.at(counts, (drawn.resample, self.owner[drawn.sample]), 1)
        return counts


def _totals(small, large):
    return (), large.sum(axis=1) + small.sum(axis=0, dtype=np.int64)
