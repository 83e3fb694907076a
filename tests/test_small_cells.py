"""The sampler of many small cells: Poisson counts drawn through tables of 16 bits,
conditioned on their total, against the Poisson and multinomial distributions
(scipy's, and the inverse of the distribution function written here)."""

import numpy as np
import pytest
from hypothesis import given, strategies as st
from scipy import stats

from permetrics_lite import ClassificationMetric
from permetrics_lite.stats import (
    bootstrap as _bootstrap, intervals as _intervals, small_cells as _small_cells,
)


@given(st.floats(0.0, _bootstrap.SAMPLED_BELOW))
def test_the_distribution_function_is_poisson_s_up_to_1(mean):
    cdf = _small_cells.poisson_cdf(mean)
    np.testing.assert_allclose(cdf, stats.poisson.cdf(np.arange(len(cdf)), mean),
                               rtol=1e-13, atol=1e-15)
    assert cdf[-1] == 1.0 and (np.diff(cdf) >= 0).all()
    assert stats.poisson.sf(len(cdf) - 1, mean) < 1e-28  # the tail left out
    assert len(cdf) < _small_cells.UNDECIDED  # every value fits the tables' bytes


class _Words:
    """A random source that gives the 16-bit numbers (as 64-bit words) and the floats
    it was given."""

    def __init__(self, words, uniform):
        self.words, self.uniform = words, uniform
        self.bit_generator = self

    def random_raw(self, size):
        assert size == -(-len(self.words) // 4)
        return np.r_[self.words, np.zeros(4 * size - len(self.words), "<u2")].view("<u8")

    def random(self, size):
        assert size == len(self.uniform)
        return self.uniform


def test_uniform_words_are_the_bit_generator_s_words_little_endian_first():
    words = np.random.default_rng(3).bit_generator.random_raw(3)
    drawn = _small_cells.uniform_words(np.random.default_rng(3), 11)
    assert drawn.dtype == np.dtype("<u2") and len(drawn) == 11
    assert drawn.tolist() == [w >> (16 * i) & 65535 for w in words.tolist() for i in range(4)][:11]


CDFS = {
    "mean 0.9": _small_cells.poisson_cdf(0.9),
    "mean 6.7": _small_cells.poisson_cdf(6.7),
    # a step on an interval's edge, one inside the next interval
    "steps within an interval": np.array([0.5, 0.5 + 2**-30, 0.75, 1.0]),
    "two steps near 0": np.array([1e-9, 2e-9, 1.0]),  # both in the first interval
    "steps near 1": np.array([0.25, 1 - 2**-40, 1 - 2**-53, 1.0]),  # in the last interval
    "a step at an interval's end": np.array([0.5 - 2**-30, 0.5, 1.0]),
}


@pytest.mark.parametrize("uniform", ["zeros", "random", "below 1"])
def test_a_draw_is_the_inverse_of_the_distribution_function_at_its_bits(uniform):
    # each distribution at every 16 bits h, each with a float f: the value at
    # U = (h + f) / 65536, the steps at or below U, read only as far as h decides it
    # (exact here: a step's c * 65536 - h is exact where it is near 0 or 1)
    cdfs = list(CDFS.values())
    tables = _small_cells.Tables.of(cdfs)
    words = np.tile(np.arange(65536), len(cdfs))  # a row of every 16 bits per distribution
    floats = {"zeros": np.zeros(len(words)), "random": np.random.default_rng(0).random(len(words)),
              "below 1": np.full(len(words), 1 - 2**-53)}[uniform]
    undecided = tables.first.ravel() == _small_cells.UNDECIDED
    assert undecided.any() and (~undecided).any()
    source = _Words(words.astype("<u2"), floats[undecided])
    drawn = tables.draw(source, np.arange(len(cdfs)), 65536)
    assert drawn.dtype == np.uint8 and drawn.shape == (len(cdfs), 65536)
    for t, cdf in enumerate(cdfs):
        high, f = words[t * 65536:(t + 1) * 65536], np.where(undecided, floats, 0.0)
        f = f[t * 65536:(t + 1) * 65536]
        expected = (cdf[None, :] * 65536.0 - high[:, None] <= f[:, None]).sum(axis=1)
        np.testing.assert_array_equal(drawn[t], expected, err_msg=str(t))
        assert drawn[t].max() < len(cdf)  # never beyond the last value


@pytest.mark.parametrize("name", list(CDFS))
def test_16_bits_are_undecided_only_where_a_step_lies_inside_their_interval(name):
    cdf = CDFS[name]
    tables = _small_cells.Tables.of([cdf])
    start = np.arange(65536)[:, None]  # a step c lies inside [h, h + 1) / 65536
    inside = ((cdf * 65536.0 > start) & (cdf * 65536.0 < start + 1)).any(axis=1)
    np.testing.assert_array_equal(tables.first[0] == _small_cells.UNDECIDED, inside)


def _within(drawn, pmf, sf, top=100):
    """Whether the frequency of each value below ``top``, the values expected fewer
    than 20 times pooled into the tails, is within 5 standard errors of its
    probability."""
    n = len(drawn)
    expected = np.flatnonzero(pmf(np.arange(top)) * n >= 20)
    first, last = int(expected.min()), int(expected.max())
    below = max(first - 1, 0)  # the bin of the lower tail (if first > 0), then each value
    p = np.r_[[1 - sf(first - 1)] if first else [], pmf(np.arange(first, last + 1)), sf(last)]
    frequency = np.bincount(np.clip(drawn, below, last + 1) - below, minlength=len(p)) / n
    return (np.abs(frequency - p) <= 5 * np.sqrt(p * (1 - p) / n)).all()


@pytest.mark.parametrize("mean", [0.05, 1.0, 4.5, 7.9])
def test_drawn_values_have_the_poisson_distribution(mean):
    # 400,000 draws of each mean, the two tables' cells taking turns
    tables = _small_cells.Tables.of([_small_cells.poisson_cdf(2.0),
                                     _small_cells.poisson_cdf(mean)])
    drawn = tables.draw(np.random.default_rng(1), np.tile([0, 1], 1000), 400)
    for cells, m in ((drawn[0::2], 2.0), (drawn[1::2], mean)):
        assert _within(cells.ravel(), lambda k: stats.poisson.pmf(k, m),
                       lambda k: stats.poisson.sf(k, m)), m


def _dense(k, n, seed):
    """The counts of the occupied cells of a K-class matrix of errors anywhere."""
    rng = np.random.default_rng(seed)
    true = rng.integers(0, k, n)
    pred = np.where(rng.random(n) < 0.7, true, rng.integers(0, k, n))
    count = np.bincount(true * k + pred, minlength=k * k)
    index = np.flatnonzero(count)
    return index, count[index]


@pytest.mark.parametrize("spare", [_small_cells.SPARE, 0.0, -0.5],
                         ids=["default", "a mean of n", "a mean above n"])
def test_the_sampler_s_cells_have_the_multinomial_distribution(monkeypatch, spare):
    # whatever the Poisson mean, drawn again above n and filled up below it: each
    # resample holds n samples; a small cell's counts have the binomial distribution
    # of n draws of its probability, a large cell's its mean and variance
    monkeypatch.setattr(_small_cells, "SPARE", spare)
    index, count = _dense(20, 1500, 3)
    n = int(count.sum())
    assert np.count_nonzero(count < _bootstrap.SAMPLED_BELOW) >= _bootstrap.SAMPLED_CELLS
    draws = np.concatenate(list(_bootstrap.multinomial(np.random.default_rng(5), n, count,
                                                       20000, len(count))))
    assert (draws.sum(axis=1) == n).all()
    for cell in (np.argmin(count), np.flatnonzero(count == 3)[0]):
        p = count[cell] / n
        assert _within(draws[:, cell], lambda k: stats.binom.pmf(k, n, p),
                       lambda k: stats.binom.sf(k, n, p)), cell
    large = np.argmax(count)
    p = count[large] / n
    assert abs(draws[:, large].mean() - n * p) < 5 * np.sqrt(n * p * (1 - p) / len(draws))
    assert abs(draws[:, large].var() / (n * p * (1 - p)) - 1) < 5 * np.sqrt(2 / len(draws))


def test_resampled_tallies_are_the_tallies_of_the_same_draw_s_matrices():
    # the tallies summed from the sampler's parts, and the cells' counts made when
    # asked, are those of multinomial's draw from the same generator at a quarter of
    # the width
    index, count = _dense(30, 3000, 4)
    assert np.count_nonzero(count < _bootstrap.SAMPLED_BELOW) >= _bootstrap.SAMPLED_CELLS
    n, layout = int(count.sum()), _bootstrap.Layout(index, 30)
    width = _bootstrap.STEP // 1000 * _bootstrap.SAMPLED_CHUNKS  # chunks of 1,000, made 4
    chunks = list(_bootstrap.multinomial(np.random.default_rng(6), n, count, 3000,
                                         width // _bootstrap.SAMPLED_CHUNKS))
    batches = list(_bootstrap.resampled(np.random.default_rng(6), n, count, 3000, width,
                                        layout, 0.5))
    assert [len(chunk) for chunk in chunks] == [batch.size for batch in batches]
    assert len(batches) == 4
    for chunk, batch in zip(chunks, batches):
        np.testing.assert_array_equal(batch.counts, chunk)
        assert batch.counts is batch.counts  # made once
        expected = layout.tallies(chunk, 0.5)
        for name in ("tp", "support", "predicted", "total", "correct"):
            np.testing.assert_array_equal(getattr(batch, name), getattr(expected, name))
            assert getattr(batch, name).dtype == np.int64, name
        assert batch.unit == 0.5 and batch.layout is layout
        assert (batch.total == n).all()


def _brute_tallies(batch, index, k):
    """Whether a batch's tallies are the row sums, column sums, diagonal, total and
    trace of the dense matrices of its cells' counts, each summed here."""
    dense = np.zeros((batch.size, k * k), dtype=np.int64)
    dense[:, index] = batch.counts
    dense = dense.reshape(batch.size, k, k)
    diagonal = np.diagonal(dense, axis1=1, axis2=2)
    expected = {"support": dense.sum(axis=2), "predicted": dense.sum(axis=1),
                "tp": diagonal, "total": dense.sum(axis=(1, 2)), "correct": diagonal.sum(axis=1)}
    return all(np.array_equal(getattr(batch, name), value) for name, value in expected.items())


def test_few_small_cells_are_tallied_from_numpy_s_draw():
    index, count = np.array([0, 4, 5, 8]), np.array([30, 2, 9, 40])
    layout = _bootstrap.Layout(index, 3)
    batches = list(_bootstrap.resampled(np.random.default_rng(2), 81, count, 50, 4,
                                        layout, 0.5))
    draws = np.random.default_rng(2).multinomial(81, count / 81, size=50)
    np.testing.assert_array_equal(np.concatenate([b.counts for b in batches]), draws)
    for batch in batches:
        assert batch.unit == 0.5 and batch.layout is layout
        assert _brute_tallies(batch, index, 3)


def test_a_matrix_of_small_cells_only_is_tallied_diagonal_included():
    # every cell of a 20-class matrix holds 1 to 7 samples, the diagonal's too: no
    # large cell (an empty part), and samples drawn one by one on the diagonal
    k = 20
    count = np.random.default_rng(9).integers(1, 8, k * k)
    index, n = np.arange(k * k), int(count.sum())
    layout = _bootstrap.Layout(index, k)
    batches = list(_bootstrap.resampled(np.random.default_rng(10), n, count, 600, k * k,
                                        layout, 0.25))
    assert sum(batch.size for batch in batches) == 600
    for batch in batches:
        assert (batch.counts.sum(axis=1) == n).all() and (batch.counts >= 0).all()
        assert _brute_tallies(batch, index, k)
        assert batch.unit == 0.25 and batch.layout is layout


# cells of 1 to 7 samples and two large ones
MIXED = np.r_[np.tile(np.arange(1, 8), 40), [30, 12]]


@pytest.mark.parametrize("n, spare", [(int(MIXED.sum()), _small_cells.SPARE), (9, 2.0),
                                      (9, 0.0), (4, 2.0)],
                         ids=["n of the cells", "mean 3", "mean n", "mean 0"])
def test_the_poisson_totals_kept_are_poisson_s_given_at_most_n(monkeypatch, n, spare):
    # the Poisson counts of mean mu = max(n - SPARE sqrt(n), 0) in all, drawn again
    # while their total exceeds n: their total has the Poisson distribution of mean
    # mu conditioned on at most n (a total of exactly n kept, whether first drawn or
    # drawn again); the rest fills each resample up to n
    monkeypatch.setattr(_small_cells, "SPARE", spare)
    sampler = _small_cells.Sampler(n, MIXED, 8)
    drawn, sums = sampler.draw(np.random.default_rng(7), 20000)
    assert sums == ()
    total = drawn.small.sum(axis=0, dtype=np.int64) + drawn.large.sum(axis=1)
    one_by_one = np.bincount(drawn.resample, minlength=20000)
    assert (total + drawn.rest.sum(axis=1) + one_by_one == n).all()
    mu = max(n - spare * np.sqrt(n), 0.0)
    kept = stats.poisson.cdf(n, mu)
    assert _within(total, lambda k: np.where(k <= n, stats.poisson.pmf(k, mu), 0.0) / kept,
                   lambda k: np.maximum(kept - stats.poisson.cdf(k, mu), 0.0) / kept,
                   top=n + 1)


def test_below_its_spare_n_is_drawn_one_sample_at_a_time():
    # n = 4 < 2 sqrt(4): a Poisson mean of 0, no Poisson count; the four samples are
    # drawn one by one, each cell's count binomial, the first small cell's included
    n = 4
    sampler = _small_cells.Sampler(n, MIXED, 8)
    drawn, _ = sampler.draw(np.random.default_rng(8), 20000)
    assert not drawn.small.any() and not drawn.large.any()
    counts = sampler.counts(drawn)
    assert (counts.sum(axis=1) == n).all()
    for cell in (0, 6, len(MIXED) - 3, len(MIXED) - 1):  # of 1, of 7, the last small, large
        p = MIXED[cell] / MIXED.sum()
        assert _within(counts[:, cell], lambda k: stats.binom.pmf(k, n, p),
                       lambda k: stats.binom.sf(k, n, p)), cell


@pytest.mark.parametrize("k", [-1000, 1000])
def test_weighted_intervals_of_many_pairs_do_not_change_with_the_scale_of_the_weights(k):
    # 600 samples of 12 classes with continuous weights: 600 (cell, weight) pairs of one
    # sample each, drawn by the sampler; weights times 2**k, the same resamples and
    # the same intervals (a power of two scales every sum exactly)
    rng = np.random.default_rng(11)
    true = rng.integers(0, 12, 600)
    pred = np.where(rng.random(600) < 0.6, true, rng.integers(0, 12, 600))
    weight = rng.gamma(2.0, 1.0, 600)
    plain = ClassificationMetric(true, pred, labels=np.arange(12), sample_weight=weight)
    scaled = ClassificationMetric(true, pred, labels=np.arange(12),
                                  sample_weight=weight * 2.0**k)
    pairs = _intervals.weighted_cells(plain.state)[2]
    assert np.count_nonzero(pairs < _bootstrap.SAMPLED_BELOW) >= _bootstrap.SAMPLED_CELLS
    for alias, options in (("AS", {}), ("F1S", {"average": "macro"}), ("MCC", {})):
        expected = plain.CI(alias, method="bootstrap", n_resamples=300, random_state=3,
                            **options)
        got = scaled.CI(alias, method="bootstrap", n_resamples=300, random_state=3,
                        **options)
        np.testing.assert_allclose(tuple(got)[:3], tuple(expected)[:3], rtol=1e-12,
                                   err_msg=alias)


@pytest.mark.parametrize("large", [2, 300], ids=["looked up", "numpy's"])
def test_the_samples_missing_are_a_multinomial_draw_over_the_large_cells_and_the_rest(large):
    # 300 small cells beside 2 or 300 large ones: 4, 9 or 30 samples of each resample
    # over the large cells and the small ones as one category; below 255 categories
    # one lookup per sample, else numpy's multinomial draw
    count = np.r_[np.tile([1, 5, 7], 100), np.arange(large) % 50 + 8]
    sampler = _small_cells.Sampler(int(count.sum()), count, 8)
    assert (sampler.rest_tables is None) == (large >= 254)
    missing = np.tile([4, 9, 30], 10000)
    rest = sampler._rest(np.random.default_rng(12), missing)
    assert rest.dtype == np.int64 and rest.shape == (30000, large + 1)
    assert (rest.sum(axis=1) == missing).all()
    if sampler.rest_tables is None:
        expected = np.random.default_rng(12).multinomial(missing, sampler.grouped)
        np.testing.assert_array_equal(rest, expected)
    for m in (4, 9, 30):
        mine = rest[missing == m]
        for category in (0, large - 1, large):  # two large cells and the small ones
            p = sampler.grouped[category]
            assert _within(mine[:, category], lambda k: stats.binom.pmf(k, m, p),
                           lambda k: stats.binom.sf(k, m, p)), (m, category)


def test_the_shares_of_the_samples_missing_sum_to_a_distribution_function():
    # five cells of about 2**60 samples beside 256 of one: the float sum of the first
    # five shares exceeds 1 (1 + 2**-52); the function of the categories is kept
    # nondecreasing up to 1, so that the table inverts it
    large = [1970916157428077440, 2280807271775616817, 1823147357072116641,
             711549706077265486, 1110653582411079535]
    count = np.r_[np.ones(256, dtype=np.int64), large]
    shares = np.r_[count[256:], 256] / count.sum()
    assert np.cumsum(shares)[-2] > 1.0
    cdf = _small_cells.Sampler(int(count.sum()), count, 8).rest_tables.cdfs[0]
    assert (np.diff(cdf) >= 0).all() and cdf.max() == cdf[-1] == 1.0
