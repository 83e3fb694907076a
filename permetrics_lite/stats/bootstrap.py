"""The bootstrap as arrays: resampled confusion matrices in chunks, and a metric's
values on all of them at once.

A chunk of B resamples is the counts of B matrices over the D occupied cells of
the evaluation's matrix, an array (B, D): a resample only holds samples of cells
that the evaluation holds. :class:`Layout` sums those into the per-class tallies
of every matrix, a :class:`Resampled` of (B, K) arrays, and the formulas of
``metrics.formulas`` take it with its leading axis, so a metric's value on every
resample is one call of its formula, not one evaluation object per resample.

:func:`form` gives, for a registry row and the options of its method, the
function of a chunk that computes the method's value on each of its matrices:
the options resolved as the method resolves them (the constructor's defaults
included), the formula the method applies, and an undefined value (0/0) set to
its ``zero_division`` value (0.0 for ``"warn"``), silently. A row whose method
has no such form here (none of today's metrics of labels) gets None, and the
intervals evaluate it one resample at a time.
"""

import collections
import concurrent.futures
import functools
import inspect
import os
from typing import Any, Callable, NamedTuple, Optional

import numpy as np

from .. import validation as _validation
from ..core import options as _options, tally as _tally
from ..metrics import formulas as _formulas, label_metrics as _label_metrics, registry as _registry
from . import small_cells as _small_cells

STEP = 2**20  # array elements (resamples x cells, or x classes) of one chunk


class Resampled(NamedTuple):
    """The tallies of B confusion matrices: per-class counts (B, K) and totals (B,),
    what :class:`~permetrics_lite.core.tally.Tallies` holds of one matrix."""

    tp: np.ndarray
    support: np.ndarray
    predicted: np.ndarray
    total: np.ndarray
    correct: np.ndarray
    unit: float  # weight of one count (see ``core.tally.in_units``)
    # the counts of the matrices' occupied cells, (B, D): an array, or a function that
    # computes it when asked
    cells: Any = None
    layout: Optional["Layout"] = None

    @property
    def counts(self):
        """The counts of the matrices' occupied cells, (B, D), or None if not kept."""
        return self.cells() if callable(self.cells) else self.cells

    @property
    def size(self):
        """The number of matrices."""
        return len(self.total)

    def counted(self, values):
        return _tally.counted(values, self.unit)

    @property
    def fp(self):
        return self.predicted - self.tp

    @property
    def fn(self):
        return self.support - self.tp

    @property
    def tn(self):
        # as Tallies.tn: its order of subtraction, and residues of weighted sums below
        # 1e-12 of the total are 0
        total = self.total[:, None]
        tn = total - self.tp - self.fp - self.fn
        return tn if tn.dtype.kind == "i" else np.where(tn < 1e-12 * total, 0.0, tn)

    def matrices(self):
        """The dense matrices, (B, K, K)."""
        k = self.layout.n_classes
        dense = np.zeros((self.size, k * k), dtype=self.counts.dtype)
        dense[:, self.layout.index] = self.counts
        return dense.reshape(self.size, k, k)

    def split(self, size):
        """The matrices in chunks of at most ``size`` (with their cells)."""
        if self.size <= size:
            return [self]
        return [self.layout.tallies(self.counts[start:start + size], self.unit)
                for start in range(0, self.size, size)]


class Layout:
    """The occupied cells of a K x K matrix (flat positions ``row * K + column``, in
    any order; ascending is quickest): which sums of their counts make each matrix's
    tallies."""

    def __init__(self, index, n_classes):
        self.index, self.n_classes = index, n_classes
        self.rows, self.columns = np.divmod(index, n_classes)
        self._diagonal = np.flatnonzero(self.rows == self.columns)
        # each row's cells are one run in the cells sorted by row (stably), each
        # column's in the cells sorted by column
        self._by_row, self._row_runs = _sorted_runs(self.rows)
        self._by_column, self._column_runs = _sorted_runs(self.columns)

    @property
    def size(self):
        """The number of occupied cells."""
        return len(self.index)

    def tallies(self, counts, unit=1.0):
        """The :class:`Resampled` tallies of matrices given by their cells' counts, (B, D)."""
        support, predicted, tp = self.sums(counts)
        return Resampled(tp, support, predicted, support.sum(axis=1), tp.sum(axis=1), unit,
                         counts, self)

    def sums(self, counts):
        """Each matrix's row sums, column sums and diagonal, (B, K) each: int64 sums of
        integer counts (exact), float64 of float ones."""
        dtype = np.float64 if counts.dtype.kind == "f" else np.int64
        sums = np.zeros((3, len(counts), self.n_classes), dtype=dtype)
        self.add_sums(counts, sums)
        return tuple(sums)

    def add_sums(self, counts, sums):
        """Add each matrix's row sums, column sums and diagonal to ``sums`` (3, B, K)."""
        if self.size == 0:
            return
        support, predicted, tp = sums
        # bytes are summed in int32 (faster), exact below 2**23 cells
        dtype = np.int32 if counts.dtype == np.uint8 and self.size < 2**23 else sums.dtype
        for tally, order, (keys, starts) in ((support, self._by_row, self._row_runs),
                                             (predicted, self._by_column, self._column_runs)):
            runs = counts if order is None else counts.take(order, axis=1)
            tally[:, keys] += np.add.reduceat(runs, starts, axis=1, dtype=dtype)
        tp[:, self.rows[self._diagonal]] += counts[:, self._diagonal]

    def add_cell_sums(self, counts, sums):
        """:meth:`add_sums` of counts (D, B), a row of B matrices' counts per cell."""
        support, predicted, tp = sums
        # a row's or column's cells (at most K) of bytes sum exactly in uint16 below
        # K = 258, summed a run at a time along the cells (numpy's reduceat is slow
        # along the first axis)
        dtype = np.uint16 if counts.dtype == np.uint8 and self.n_classes < 258 else sums.dtype
        for tally, order, (keys, starts) in ((support, self._by_row, self._row_runs),
                                             (predicted, self._by_column, self._column_runs)):
            runs = counts if order is None else counts.take(order, axis=0)
            summed = np.empty((len(keys), counts.shape[1]), dtype=dtype)
            for run, start, stop in zip(summed, starts, np.r_[starts[1:], self.size]):
                np.add.reduce(runs[start:stop], axis=0, dtype=dtype, out=run)
            tally[:, keys] += summed.T
        tp[:, self.rows[self._diagonal]] += counts[self._diagonal].T


def _sorted_runs(values):
    """The stable sort of ``values`` (None where they are sorted), and the value and
    start of each run of equal values in sorted order, for ``reduceat``."""
    order = np.argsort(values, kind="stable")
    if (order == np.arange(len(values))).all():
        order = None
    ordered = values if order is None else values[order]
    starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]][:len(ordered)])
    return order, (ordered[starts], starts)


# --- drawing the resamples ---


def per_chunk(width, n_resamples):
    """How many resamples of ``width`` elements each one chunk holds."""
    return min(max(1, STEP // max(width, 1)), max(n_resamples, 1))


def _cores():
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


THREADS = min(_cores(), 4)  # chunks drawn at once (numpy's draws release the GIL)
ROUNDS = 4  # several chunks come in a multiple of this many, of equal sizes


def chunk_sizes(width, n_resamples):
    """The sizes of the chunks of ``n_resamples`` resamples of ``width`` elements: one
    chunk where they fit in :data:`STEP` elements, else a multiple of :data:`ROUNDS`
    chunks (at most one per resample) of equal sizes (within one), so that up to
    four threads share them evenly. They do not depend on the machine, so neither
    do the draws."""
    n_chunks = -(-n_resamples // per_chunk(width, n_resamples))
    if n_chunks > 1:
        n_chunks = min(-(-n_chunks // ROUNDS) * ROUNDS, n_resamples)
    size, larger = divmod(n_resamples, max(n_chunks, 1))
    return [size + 1] * larger + [size] * (n_chunks - larger)


def in_chunks(rng, draw, n_resamples, width):
    """``draw(generator, size)`` of each chunk of ``n_resamples`` resamples of ``width``
    elements, in order. One chunk is drawn by ``rng`` itself. Several are drawn by
    generators of their own, seeded by one draw from ``rng``, so that the result does
    not depend on the order they are drawn in: up to :data:`THREADS` at once, on as
    many cores, no more than that many ahead of the caller."""
    sizes = chunk_sizes(width, n_resamples)
    sources = [rng] if len(sizes) <= 1 else _seeded(rng, len(sizes))
    if len(sizes) <= 1 or THREADS == 1:
        yield from map(draw, sources, sizes)
        return
    with concurrent.futures.ThreadPoolExecutor(THREADS) as pool:
        pending = collections.deque()
        for source, size in zip(sources, sizes):
            pending.append(pool.submit(draw, source, size))
            if len(pending) > THREADS:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()


def _seeded(rng, n_chunks):
    """A generator for each chunk, seeded by one draw from ``rng``."""
    seed = np.random.SeedSequence(rng.integers(0, 2**63, size=4).tolist())
    return [np.random.default_rng(child) for child in seed.spawn(n_chunks)]


# Cells of fewer samples than this are drawn through byte tables (``stats.small_cells``)
# when there are at least SAMPLED_CELLS of them: numpy's multinomial costs a binomial
# draw per cell, some 20 times a table's draw
SAMPLED_BELOW = 8
SAMPLED_CELLS = 256


def multinomial(rng, n, count, n_resamples, width, then=None):
    """``n_resamples`` multinomial draws of ``n`` over cells holding ``count`` samples
    (probabilities count / sum), int64 chunks (B, D) (see :func:`in_chunks`); or
    ``then`` of each chunk, computed on the thread that drew it. Many small cells
    (a dense matrix) are drawn by :class:`~permetrics_lite.stats.small_cells.Sampler`,
    a few by numpy's multinomial."""
    sampler = _sampler(n, count)
    if sampler is None:
        p = count / count.sum()

        def draw(source, size):
            return source.multinomial(n, p, size=size)
    else:
        def draw(source, size):
            return sampler.counts(sampler.draw(source, size)[0])

    drawn = draw if then is None else lambda source, size: then(draw(source, size))
    return in_chunks(rng, drawn, n_resamples, width)


def resampled(rng, n, count, n_resamples, width, layout, unit):
    """The draws of :func:`multinomial` over the cells of ``layout`` as the
    :class:`Resampled` tallies of their matrices, in chunks. Many small cells come
    in chunks of :data:`SAMPLED_CHUNKS` times the cells (the sampler's counts are
    bytes), their tallies summed from the sampler's parts, their counts in the order
    of the cells made only if asked for: the draws of :func:`multinomial` at a
    width that many times smaller."""
    sampler = _sampler(n, count)
    if sampler is None:
        return multinomial(rng, n, count, n_resamples, width,
                           then=functools.partial(layout.tallies, unit=unit))
    return in_chunks(rng, _SampledTallies(sampler, layout, unit), n_resamples,
                     _sampled_width(width))


# the sampler's counts are bytes: a chunk of its tallies holds this many times the
# cells of a chunk of numpy's
SAMPLED_CHUNKS = 4


def _sampled_width(width):
    return max(1, width // SAMPLED_CHUNKS)


def _sampler(n, count):
    if np.count_nonzero(count < SAMPLED_BELOW) < SAMPLED_CELLS:
        return None
    return _small_cells.Sampler(n, count, SAMPLED_BELOW)


class _SampledTallies:
    """The tallies of chunks drawn by a small cells' sampler over a layout's cells."""

    def __init__(self, sampler, layout, unit):
        self.sampler, self.layout, self.unit = sampler, layout, unit
        k = layout.n_classes
        self.parts = [Layout(layout.index[sampler.small], k),  # the cells' order of the draws
                      Layout(layout.index[sampler.large], k)]
        # the bin of each small cell's sample's row, column and diagonal among K + 1
        # bins, the last for a sample off the diagonal (int32: read at random, they
        # fit a cache more often)
        rows, columns = layout.rows[sampler.owner], layout.columns[sampler.owner]
        self._bins = tuple(bins.astype(np.int32)
                           for bins in (rows, columns, np.where(rows == columns, rows, k)))

    def __call__(self, source, size):
        drawn, sums = self.sampler.draw(source, size, self._summed)
        # the rest: of the large cells, and of the small cells' samples drawn one by one
        self.parts[1].add_sums(drawn.rest, sums)
        k = self.layout.n_classes
        first = drawn.resample * (k + 1)
        for tally, bins in zip(sums, self._bins):
            tally += np.bincount(first + bins[drawn.sample],
                                 minlength=size * (k + 1)).reshape(size, k + 1)[:, :k]
        support, predicted, tp = sums
        cells = functools.lru_cache(maxsize=None)(lambda: self.sampler.counts(drawn))
        return Resampled(tp, support, predicted, support.sum(axis=1), tp.sum(axis=1),
                         self.unit, cells, self.layout)

    def _summed(self, small, large):
        sums = np.zeros((3, len(large), self.layout.n_classes), dtype=np.int64)
        self.parts[0].add_cell_sums(small, sums)
        self.parts[1].add_sums(large, sums)
        return sums, sums[0].sum(axis=1)


def weighted(rng, pairs, n_resamples, width, then=None):
    """The per-sample weighted bootstrap in chunks: draws over the (cell, weight) pairs
    of ``pairs`` (``stats.intervals.weighted_cells``), each pair's draws times its weight
    summed into its cell: the cells' weights (B, D), in the order of their cells (or
    ``then`` of them, as :func:`multinomial`)."""
    cells, weights, counts, _ = pairs
    first = np.flatnonzero(np.r_[True, cells[1:] != cells[:-1]])

    def summed(draws):
        cell_weights = np.add.reduceat(draws * weights, first, axis=1)
        return cell_weights if then is None else then(cell_weights)

    return multinomial(rng, int(counts.sum()), counts, n_resamples, max(width, len(cells)),
                       then=summed)


def jackknife(count, width):
    """The jackknife by cells in chunks: the matrix without one sample of each occupied
    cell, a row each, (D, D)."""
    size = per_chunk(width, len(count))
    for start in range(0, len(count), size):
        stop = min(start + size, len(count))
        block = np.repeat(count[None], stop - start, axis=0)
        block[np.arange(stop - start), np.arange(start, stop)] -= 1
        yield block


# --- a metric's values on chunks of matrices ---


class Form(NamedTuple):
    """A method's value on each matrix of a :class:`Resampled`, with the options given."""

    values: Callable  # Resampled -> (B,) or (B, ...) values
    dense: bool = False  # whether it needs the matrices themselves (their cells' counts)


def form(state, row, params):
    """The batched form of a registry row's method with these options (validated by
    the method already), or None where it has none."""
    make = _one_vs_rest if row.query is None else _FORMS.get(row.query)
    if make is None:
        return None
    arguments = inspect.signature(_registry.method(row)).bind(state, **params)
    arguments.apply_defaults()
    _, *options = arguments.arguments.items()  # the options, after the state
    options = dict(options)
    if options.pop("sample_weight", None) is not None:
        return None  # weights of the evaluation's samples: a resample holds none
    return make(state, row, **options)


def evaluate(method, batches):
    """The values of a :class:`Form` on every matrix of the chunks, in order, as floats."""
    parts = []
    for batch in batches:
        size = max(1, STEP // batch.layout.n_classes**2) if method.dense else batch.size
        for part in batch.split(size):
            values = np.asarray(method.values(part), dtype=np.float64)
            parts.append(np.broadcast_to(values, (part.size,) + values.shape[1:]))
    return np.concatenate(parts)


def _quiet(zero_division):
    """A resample's zero_division: "warn" gives its 0.0, without the warning."""
    return 0.0 if isinstance(zero_division, str) else zero_division


def _one_vs_rest(state, row, average, pos_label, zero_division, formula=None,
                 any_problem=False):
    """``metrics.label_metrics.class_metric``: the row's count formula of each class, averaged."""
    zero_division = _quiet(state.zero_division(zero_division))
    one_class = ("binary", None) if any_problem else ("binary",)
    average, pos_label = state.averaging(average, pos_label, row.averages, one_class)
    formula = row.formula if formula is None else formula
    if average == "binary":
        index = _label_metrics.positive_class(state, pos_label, any_problem)
        return Form(lambda t: _formulas.per_class(
            formula, _formulas.Counts.of_class(t, index), zero_division))
    return Form(lambda t: _formulas.average(formula, t, average, zero_division))


def _per_class_accuracy(state, row, pos_label, average):
    return _one_vs_rest(state, row, average, pos_label, "warn", any_problem=True)


def _fbeta(state, row, beta, average, pos_label, zero_division):
    formula = functools.partial(row.formula, beta=_validation.check_beta(beta))
    return _one_vs_rest(state, row, average, pos_label, zero_division, formula)


def _whole_matrix(state, row, average, pos_label):
    """Whether a MCC or CKS query is of the whole matrix (else one-vs-rest)."""
    return state.averaging(average, pos_label, row.averages)[0] == "multiclass"


def _matthews(state, row, average, pos_label, zero_division):
    if not _whole_matrix(state, row, average, pos_label):
        return _one_vs_rest(state, row, average, pos_label, zero_division)
    zero_division = _quiet(state.zero_division(zero_division))
    return Form(lambda t: _formulas.matthews_corrcoef(t, zero_division))


def _kappa(state, row, weights, average, pos_label, zero_division):
    weights = _validation.check_option("weights", weights, _options.KAPPA_WEIGHTS)
    if not _whole_matrix(state, row, average, pos_label):
        return _one_vs_rest(state, row, average, pos_label, zero_division)
    zero_division = _quiet(state.zero_division(zero_division))
    if weights is None:
        return Form(lambda t: _formulas.cohen_kappa(t, None, None, zero_division))
    return Form(lambda t: _formulas.cohen_kappa(t, weights, t.matrices(), zero_division),
                dense=True)


def _accuracy(state, row, normalize):
    if _validation.check_bool("normalize", normalize):
        return Form(_formulas.accuracy)
    return Form(lambda t: t.counted(t.correct))


def _balanced_accuracy(state, row, adjusted, zero_division):
    adjusted = _validation.check_bool("adjusted", adjusted)
    zero_division = _quiet(state.zero_division(zero_division))
    return Form(lambda t: _formulas.balanced_accuracy(t, adjusted, zero_division))


def _hamming_loss(state, row):
    return Form(lambda t: _formulas.hamming_loss(t, multilabel=False))


def _no_information_rate(state, row):
    return Form(_formulas.no_information_rate)


def _confusion_matrix(state, row, normalize, as_frame, zero_division):
    normalize = _validation.check_option("normalize", normalize, _options.CM_NORMALIZE)
    zero_division = _quiet(state.zero_division(zero_division))

    def values(t):
        matrices = t.matrices()
        if normalize is None:
            return t.counted(matrices)
        return _formulas.normalize_matrix(matrices, normalize, zero_division)

    return Form(values, dense=True)


# the batched forms of the methods of the registry rows with a query of their own
# (a row without one is a one-vs-rest count metric: _one_vs_rest)
_FORMS = {
    _label_metrics.accuracy_score: _accuracy,
    _label_metrics.balanced_accuracy_score: _balanced_accuracy,
    _label_metrics.per_class_accuracy: _per_class_accuracy,
    _label_metrics.confusion_matrix: _confusion_matrix,
    _label_metrics.fbeta_score: _fbeta,
    _label_metrics.matthews_correlation_coefficient: _matthews,
    _label_metrics.cohen_kappa_score: _kappa,
    _label_metrics.hamming_loss: _hamming_loss,
    _label_metrics.no_information_rate: _no_information_rate,
}
