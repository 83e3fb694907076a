"""The bootstrap as arrays (``stats.bootstrap``): each metric's batched form against its
method on each resampled matrix, driven by the registry rows; the resamples'
distribution against a per-sample bootstrap written here; and the draws' bookkeeping
(one draw per set of intervals, kept or drawn again, in chunks of bounded size)."""

import inspect
import itertools
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from permetrics_lite import ClassificationMetric
from permetrics_lite.core import options as _options
from permetrics_lite.metrics import registry as _registry
from permetrics_lite.stats import bootstrap as _bootstrap, intervals as _intervals

from tests.strategies import examples, problems

# every metric of labels has a bootstrap; the metrics of scores have none
BOOTSTRAPPED = [row for row in _registry.METRICS if row.kind != _registry.SCORE]
ZERO_DIVISIONS = ("warn", 0.0, 1.0, np.nan)
TOLERANCE = dict(rtol=1e-12, atol=1e-12)  # float sums of values of order 1: to rounding


def _option_values(name, default, row, labels):
    """The values of a method's option that the tests try. An option not known here
    fails (KeyError): a new option of a metric needs its values added."""
    if isinstance(default, bool):  # normalize (AS), adjusted, as_frame
        return (True, False)
    return {
        "average": row.averages,
        "pos_label": labels,
        "zero_division": ZERO_DIVISIONS,
        "normalize": _options.CM_NORMALIZE,  # of the confusion matrix
        "weights": _options.KAPPA_WEIGHTS,
        "beta": (0.0, 0.5, 1.0, 2.0),
    }[name]


def _option_sets(row, labels):
    """The options of the row's method to try: none (its defaults), each option alone
    and every pair of options, each with every value."""
    parameters = inspect.signature(_registry.method(row)).parameters
    values = {name: _option_values(name, _options.value_of(p.default), row, labels)
              for name, p in parameters.items() if name not in ("state", "sample_weight")}
    sets = [{}]
    for size in (1, 2):
        for names in itertools.combinations(values, size):
            for chosen in itertools.product(*(values[name] for name in names)):
                sets.append(dict(zip(names, chosen)))
    return sets


def _method_value(cm, row, params):
    """The method's value as the intervals take it: floats, arrays in label order."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # 0/0 set to its zero_division; BAS's left-out classes
        return _intervals.values_of(getattr(cm, row.name)(**params))


def _raised(call):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            call()
    except (ValueError, TypeError) as error:
        return type(error), str(error)
    return None


@st.composite
def resampled_problems(draw):
    """An evaluation of a matrix (1..6 classes, some absent, int or str labels, the
    constructor's options) and matrices over its occupied cells (int or float counts,
    zeros among them): what the bootstrap resamples."""
    k = draw(st.integers(1, 6))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    labels = np.array([f"c{i}" for i in range(k)]) if draw(st.booleans()) else np.arange(k) * 3 - 2
    occupied = rng.random(k * k) < draw(st.sampled_from([0.3, 0.6, 1.0]))
    occupied[rng.integers(k * k)] = True
    index = np.flatnonzero(occupied)
    base = rng.integers(1, 6, len(index))
    matrices = rng.integers(0, 5, (6, len(index))) * (rng.random((6, len(index))) < 0.7)
    matrices[np.arange(6), rng.integers(0, len(index), 6)] += 1  # each holds a sample
    if draw(st.booleans()):  # weights: float cells
        matrices = matrices * rng.choice([0.25, 1.0, 3.7], matrices.shape)
    options = {}
    if draw(st.booleans()):
        options["average"] = draw(st.sampled_from(_options.AVERAGES))
    if draw(st.booleans()):
        options["pos_label"] = labels[draw(st.integers(0, k - 1))].item()
    if draw(st.booleans()):
        options["zero_division"] = draw(st.sampled_from(ZERO_DIVISIONS))
    return labels, index, base, matrices, options


def _dense(index, counts, k):
    matrix = np.zeros(k * k, dtype=counts.dtype)
    matrix[index] = counts
    return matrix.reshape(k, k)


# each example: every row with every pair of options, on 6 matrices
@settings(max_examples=examples(10))
@given(problem=resampled_problems())
def test_each_metric_s_batched_form_is_its_method_on_each_matrix(problem):
    labels, index, base, matrices, options = problem
    k = len(labels)
    cm = ClassificationMetric.from_confusion_matrix(_dense(index, base, k), labels, **options)
    batch = _bootstrap.Layout(index, k).tallies(matrices)
    each = [ClassificationMetric.from_confusion_matrix(_dense(index, counts, k), labels,
                                                      **options) for counts in matrices]
    for row in BOOTSTRAPPED:
        for params in _option_sets(row, labels.tolist()):
            refused = _raised(lambda: getattr(cm, row.name)(**params))
            if refused is not None:  # the interval refuses it too, with the method's error
                assert _raised(lambda: cm.CI(row.alias, method="bootstrap", n_resamples=2,
                                             random_state=0, **params)) == refused
                continue
            form = _bootstrap.form(cm.state, row, params)
            expected = np.array([_method_value(one, row, params) for one in each])
            np.testing.assert_allclose(_bootstrap.evaluate(form, [batch]), expected,
                                       err_msg=f"{row.alias} {params}", **TOLERANCE)


def test_every_metric_of_labels_has_a_batched_form_with_each_average():
    # the per-resample path is a fallback for a method without one: none today
    binary = ClassificationMetric([0, 1, 1, 0, 1], [0, 1, 0, 0, 1])
    three = ClassificationMetric([0, 1, 2, 2, 1], [0, 2, 2, 1, 1])
    assert len(BOOTSTRAPPED) == len(_registry.METRICS) > 10
    for row in BOOTSTRAPPED:
        assert _bootstrap.form(binary.state, row, {}) is not None, row.alias
        for average in row.averages:
            assert _bootstrap.form(binary.state, row, {"average": average}) is not None
        for average in [a for a in row.averages if a != "binary"]:
            assert _bootstrap.form(three.state, row, {"average": average}) is not None
    # a query's own sample weights: the resamples hold no samples to weigh
    weighted = [row for row in BOOTSTRAPPED
                if "sample_weight" in inspect.signature(_registry.method(row)).parameters]
    assert len(weighted) == len(BOOTSTRAPPED)
    for row in weighted:
        assert _bootstrap.form(three.state, row, {"sample_weight": [1, 2, 1, 1, 1]}) is None


def _per_resample(intervals, row, params):
    """The metric's method on an evaluation of each resample (the fallback path)."""
    return _intervals._silent(intervals.resamples(), row, params)


def _averages(row):
    """Each average of a row that applies to any problem (or no options, for a row
    without averages)."""
    return [{"average": a} for a in row.averages if a != "binary"] or [{}]


@settings(max_examples=examples(25))
@given(problem=problems(), seed=st.integers(0, 2**32 - 1))
def test_intervals_batched_values_are_the_methods_on_the_same_resamples(problem, seed):
    # through Intervals: the draws of an evaluation (weighted: of its (cell, weight)
    # pairs, in its unit), the batched values and the evaluations of the same draws
    cm = ClassificationMetric(problem.y_true, problem.y_pred, labels=problem.labels,
                              sample_weight=problem.weight)
    weighted = problem.weight is not None
    intervals = _intervals.Intervals(cm.state, "bootstrap" if weighted else "bca", 0.95, 12, seed)
    for row in BOOTSTRAPPED:
        for params in _averages(row):
            form = _bootstrap.form(cm.state, row, params)
            np.testing.assert_allclose(_bootstrap.evaluate(form, intervals._batches()),
                                       _per_resample(intervals, row, params),
                                       err_msg=f"{row.alias} {params}", **TOLERANCE)
    jackknife, counts = intervals.jackknife()
    assert len(jackknife) == (0 if weighted or cm.n_samples == 1 else len(counts))
    for row in BOOTSTRAPPED:
        params = _averages(row)[0]
        form = _bootstrap.form(cm.state, row, params)
        batched = [_bootstrap.evaluate(form, [batch])
                   for batch in intervals._jackknife_batches()]
        np.testing.assert_allclose(np.concatenate(batched) if batched else np.zeros(0),
                                   _intervals._silent(jackknife, row, params), **TOLERANCE)


def test_the_fallback_gives_the_same_intervals(monkeypatch):
    rng = np.random.default_rng(4)
    true = rng.integers(0, 4, 90)
    pred = np.where(rng.random(90) < 0.6, true, rng.integers(0, 4, 90))
    weight = rng.choice([0.5, 1.0, 4.0], 90)
    queries = [("AS", {}), ("MCC", {}), ("CKS", {"weights": "linear"}), ("BAS", {}),
               ("F1S", {"average": "macro"}), ("RS", {"average": None}),
               ("CM", {"normalize": "true"})]
    cases = [(ClassificationMetric(true, pred), method) for method in ("bootstrap", "bca")]
    cases.append((ClassificationMetric(true, pred, sample_weight=weight), "bootstrap"))
    batched = [[cm.CI(alias, method=method, n_resamples=300, random_state=1, **options)
                for alias, options in queries] for cm, method in cases]
    monkeypatch.setattr(_bootstrap, "form", lambda evaluation, row, params: None)
    for (cm, method), intervals in zip(cases, batched):
        for (alias, options), ours in zip(queries, intervals):
            per_resample = cm.CI(alias, method=method, n_resamples=300, random_state=1,
                                 **options)
            for a, b in zip(ours, per_resample):
                np.testing.assert_allclose(a, b, **TOLERANCE)


def test_counts_beyond_2_53_are_summed_exactly():
    # bincount's float sums would round them: the tallies are int64 sums (the values
    # are to rounding: numpy divides int64 counts as floats, a method Python ints)
    big = 2**55
    cm = ClassificationMetric.from_confusion_matrix([[big, 3], [5, big + 7]])
    intervals = _intervals.Intervals(cm.state, "bca", 0.95, 6, 0)
    batches = list(intervals._batches(cells=True))
    for batch in batches:
        assert batch.support.dtype == np.int64
        np.testing.assert_array_equal(batch.support, batch.matrices().sum(axis=2))
        np.testing.assert_array_equal(batch.predicted, batch.matrices().sum(axis=1))
    for alias in ("MCC", "CKS", "AS"):
        row = _registry.lookup(alias)
        np.testing.assert_allclose(
            _bootstrap.evaluate(_bootstrap.form(cm.state, row, {}), batches),
            _per_resample(intervals, row, {}), **TOLERANCE)


# --- the distribution: a per-sample bootstrap, written here ---

QUERIES = {"AS": {}, "BAS": {}, "F1S": {"average": "macro"}, "MCC": {},
           "CKS": {"weights": "quadratic"}}
CONFIDENCES = (0.5, 0.8, 0.95)


def _metrics_of_matrices(matrices):
    """Each query's value on each matrix (B, K, K), written out here: zero_division 0,
    balanced accuracy over the classes that have samples, kappa's quadratic weights."""
    m = np.asarray(matrices, dtype=np.float64)
    total = m.sum(axis=(1, 2))
    tp, support, predicted = np.diagonal(m, axis1=1, axis2=2), m.sum(axis=2), m.sum(axis=1)
    correct = tp.sum(axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        present = support > 0
        recall = np.where(present, tp / support, 0.0)
        f1 = np.where(support + predicted > 0, 2 * tp / (support + predicted), 0.0)
        covariance = correct * total - (support * predicted).sum(axis=1)
        spread = np.sqrt((total**2 - (support**2).sum(axis=1))
                         * (total**2 - (predicted**2).sum(axis=1)))
        k = np.arange(m.shape[1])
        weights = (k[:, None] - k[None, :]) ** 2.0
        chance = support[:, :, None] * predicted[:, None, :] / total[:, None, None]
        disagreement = (weights * chance).sum(axis=(1, 2))
        return {
            "AS": correct / total,
            "BAS": recall.sum(axis=1) / present.sum(axis=1),
            "F1S": f1.mean(axis=1),
            "MCC": np.where(spread > 0, covariance / spread, 0.0),
            "CKS": np.where(disagreement > 0,
                            1 - (weights * m).sum(axis=(1, 2)) / disagreement, 0.0),
        }


def _per_sample_quantiles(true, pred, weight, labels, n_resamples, seed):
    """Each query's quantiles over resamples of the samples (drawn one by one, uniformly,
    with their weights; those of weight 0 left out): each resample's matrix summed
    from its drawn samples, its metrics by :func:`_metrics_of_matrices`."""
    if weight is not None:
        kept = weight > 0
        true, pred, weight = true[kept], pred[kept], weight[kept]
    rng = np.random.default_rng(seed)
    k = len(labels)
    drawn = rng.integers(0, len(true), (n_resamples, len(true)))
    cells = (true * k + pred)[drawn] + np.arange(n_resamples)[:, None] * k * k
    matrices = np.bincount(cells.ravel(), None if weight is None else weight[drawn].ravel(),
                           minlength=n_resamples * k * k).reshape(n_resamples, k, k)
    tails = [(1 - c) / 2 for c in CONFIDENCES]
    levels = tails + [1 - t for t in tails]
    return {alias: (np.quantile(v, levels), np.std(v))
            for alias, v in _metrics_of_matrices(matrices).items()}


def _library_quantiles(cm):
    """The bounds of the library's percentile intervals at each confidence: quantiles.
    The intervals of one confidence share one draw of resamples, as a summary's do."""
    bounds = {alias: ([], []) for alias in QUERIES}
    for confidence in CONFIDENCES:
        intervals = _intervals.Intervals(cm.state, "bootstrap", confidence, 3000, 7)
        for alias, options in QUERIES.items():
            _, low, high = intervals.interval(_registry.lookup(alias), options)
            bounds[alias][0].append(low)
            bounds[alias][1].append(high)
    return {alias: np.array(low + high) for alias, (low, high) in bounds.items()}


def _dense_errors(k, n, seed):
    rng = np.random.default_rng(seed)
    true = rng.integers(0, k, n)
    return true, np.where(rng.random(n) < 0.6, true, rng.integers(0, k, n))


@pytest.mark.parametrize("case", ["few cells", "many small cells", "weighted pairs"])
def test_quantiles_agree_with_a_per_sample_bootstrap(case):
    # 3,000 resamples against 1,500: each quantile within a quarter of a standard
    # deviation of the resampled values (some 4 Monte-Carlo standard errors)
    if case == "few cells":
        (true, pred), weight = _dense_errors(4, 300, 1), None
    elif case == "many small cells":  # drawn by the sampler of many small cells
        (true, pred), weight = _dense_errors(30, 1500, 2), None
    else:  # continuous weights: hundreds of (cell, weight) pairs of one sample each
        (true, pred), weight = _dense_errors(3, 400, 3), np.random.default_rng(4).gamma(2, 1, 400)
    labels = np.arange(true.max() + 1)
    cm = ClassificationMetric(true, pred, labels=labels, zero_division=0.0,
                              sample_weight=weight)
    draws_over = (np.bincount(true * len(labels) + pred) if weight is None
                  else _intervals.weighted_cells(cm.state)[2])
    small = np.count_nonzero((draws_over > 0) & (draws_over < _bootstrap.SAMPLED_BELOW))
    assert (small >= _bootstrap.SAMPLED_CELLS) == (case != "few cells")
    own = _metrics_of_matrices(cm.CM()[None])  # the written-out metrics are the methods'
    for alias, options in QUERIES.items():
        np.testing.assert_allclose(own[alias][0], getattr(cm, alias)(**options), rtol=1e-12,
                                   err_msg=alias)
    ours = _library_quantiles(cm)
    reference = _per_sample_quantiles(true, pred, weight, labels, 1500, 11)
    for alias, (quantiles, spread) in reference.items():
        np.testing.assert_allclose(ours[alias], quantiles, atol=0.25 * spread, err_msg=alias)


def test_the_sampler_of_many_small_cells_is_multinomial():
    # cells of 1..3 samples beside a few large ones: each cell's draws have the
    # multinomial's mean n p and variance n p (1 - p), two cells the covariance
    # -n p q, and every resample holds n samples
    rng = np.random.default_rng(0)
    count = np.r_[rng.integers(1, 4, 600), [400, 250, 90]]
    n, p = int(count.sum()), count / count.sum()
    draws = np.concatenate(list(_bootstrap.multinomial(rng, n, count, 20000, len(count))))
    assert draws.shape == (20000, len(count)) and (draws.sum(axis=1) == n).all()
    mean_error = np.sqrt(n * p * (1 - p) / len(draws))
    assert (np.abs(draws.mean(axis=0) - n * p) < 5 * mean_error).all()
    variance = n * p * (1 - p)
    assert (np.abs(draws.var(axis=0) / variance - 1) < 5 * np.sqrt(2 / len(draws)) + 0.01).all()
    for i, j in ((0, 1), (0, 600), (600, 601)):  # small-small, small-large, large-large
        covariance = np.cov(draws[:, i], draws[:, j])[0, 1]
        expected = -n * p[i] * p[j]
        bound = 5 * np.sqrt(variance[i] * variance[j] / len(draws))
        assert abs(covariance - expected) < bound, (i, j)


# --- the draws: one per set of intervals, kept or drawn again, in bounded chunks ---

def _problem():
    true, pred = _dense_errors(5, 120, 9)
    return ClassificationMetric(true, pred)


@pytest.mark.parametrize("kept_bytes", [_intervals._KEPT_BYTES, 0], ids=["kept", "drawn again"])
def test_every_metric_of_one_set_of_intervals_sees_the_same_draw(monkeypatch, kept_bytes):
    monkeypatch.setattr(_intervals, "_KEPT_BYTES", kept_bytes)
    cm = _problem()
    intervals = _intervals.Intervals(cm.state, "bootstrap", 0.9, 400, 3)
    mcc, as_, f1 = (_registry.lookup(alias) for alias in ("MCC", "AS", "F1S"))
    first = intervals.interval(mcc, {})
    intervals.interval(as_, {})
    intervals.interval(f1, {"average": "macro"})
    assert intervals.interval(mcc, {}) == first
    assert (intervals._kept is None) == (kept_bytes == 0)
    # and a fresh set of intervals of the same seed draws the same resamples
    assert _intervals.Intervals(cm.state, "bootstrap", 0.9, 400, 3).interval(mcc, {}) == first
    # its resampled evaluations (the fallback path) are of the same draw
    values = [_registry.method(mcc)(state) for state in intervals.resamples()]
    assert np.percentile(values, [5, 95]).tolist() == list(first[1:])


def test_kept_and_drawn_again_give_the_same_intervals(monkeypatch):
    cm = _problem()
    options = dict(ci="bca", n_resamples=300, random_state=4)
    kept = cm.summary(**options)
    monkeypatch.setattr(_intervals, "_KEPT_BYTES", 0)
    assert cm.summary(**options).equals(kept)


@pytest.mark.parametrize("kept_bytes", [_intervals._KEPT_BYTES, 0], ids=["kept", "drawn again"])
def test_a_generator_is_advanced_as_by_one_draw(monkeypatch, kept_bytes):
    # a summary of many metrics advances the caller's generator as one interval does
    monkeypatch.setattr(_intervals, "_KEPT_BYTES", kept_bytes)
    cm = _problem()
    many, one = np.random.default_rng(5), np.random.default_rng(5)
    cm.summary(ci="bootstrap", n_resamples=200, random_state=many)
    first = cm.CI("AS", method="bootstrap", n_resamples=200, random_state=one)
    assert many.bit_generator.state == one.bit_generator.state
    # advanced: the next interval of the generator is of other resamples
    assert cm.CI("AS", method="bootstrap", n_resamples=200, random_state=one) != first


@pytest.mark.parametrize("k, n", [(3, 50), (60, 30000)], ids=["few cells", "many cells"])
def test_resamples_come_in_chunks_of_bounded_size(k, n):
    true, pred = _dense_errors(k, n, 12)
    intervals = _intervals.Intervals(ClassificationMetric(true, pred).state, "bootstrap", 0.95,
                                     2500, 0)
    batches = list(intervals._batches(cells=True))
    assert sum(batch.size for batch in batches) == 2500
    # the many small cells' sampler holds bytes: SAMPLED_CHUNKS times the cells
    cells = _bootstrap.STEP * (_bootstrap.SAMPLED_CHUNKS if k == 60 else 1)
    for batch in batches:
        assert batch.counts.size <= cells
        assert batch.tp.size <= _bootstrap.STEP
        assert (batch.counts.sum(axis=1) == n).all()
    assert (len(batches) > 1) == (k == 60)


# --- the pieces, on small inputs whose results are known by construction ---

def test_counts_in_other_units_are_scaled_back():
    # weights summing past 2**200 are counted in units of 2 (``core.tally.in_units``):
    # five correct samples of weight 2**198, every resample of them holds five
    weight = np.full(5, 2.0**198)
    cm = ClassificationMetric([0] * 5, [0] * 5, labels=[0, 1], sample_weight=weight)
    assert _intervals.weighted_cells(cm.state)[3] == 2.0
    correct = cm.CI("AS", method="bootstrap", normalize=False, n_resamples=5, random_state=0)
    assert (correct.low, correct.high) == (5 * 2.0**198, 5 * 2.0**198)
    matrix = cm.CI("CM", method="bootstrap", n_resamples=5, random_state=0)
    for bound in (matrix.low, matrix.high):
        np.testing.assert_array_equal(bound, [[5 * 2.0**198, 0.0], [0.0, 0.0]])


@pytest.mark.parametrize("rows", [1, 3, 10])
def test_the_jackknife_leaves_out_one_sample_of_each_cell_in_chunks(rows):
    # a width of STEP // rows elements makes chunks of ``rows`` matrices
    count = np.array([4, 1, 2, 7, 3, 1, 5, 2, 6, 1])
    blocks = list(_bootstrap.jackknife(count, _bootstrap.STEP // rows))
    assert [len(block) for block in blocks] == [len(b) for b in np.array_split(
        np.zeros(10), range(rows, 10, rows))]
    np.testing.assert_array_equal(np.concatenate(blocks), count - np.eye(10, dtype=int))


@pytest.mark.parametrize("width, n_resamples, expected", [
    (1, 5, 5),                      # all resamples fit
    (1, 2**21, 2**20),              # STEP elements of width 1
    (0, 2**21, 2**20),              # a width of 0 counts as 1
    (1000, 10**6, 1048),            # 2**20 // 1000
    (2**20, 10, 1),                 # one resample fills a chunk
    (2**21, 10, 1),                 # wider than a chunk: still one resample
    (3, 1, 1),                      # no more than asked
    (3, 0, 1),                      # none asked: a chunk of one (a step of 0 would loop)
])
def test_a_chunk_holds_as_many_resamples_as_fit_in_step_elements(width, n_resamples, expected):
    assert _bootstrap.per_chunk(width, n_resamples) == expected


def _chunks(count, n_resamples, rows, seed=3):
    """The multinomial draws of ``count``'s samples, resamples of STEP // rows cells."""
    rng = np.random.default_rng(seed)
    return list(_bootstrap.multinomial(rng, int(count.sum()), count, n_resamples,
                                       _bootstrap.STEP // rows))


def _sources(seed, n_chunks):
    """The documented random sources of the chunks of one draw: the generator of
    ``seed`` for a single chunk; for several, generators of the children of a seed
    sequence of four integers below 2**63 drawn from it."""
    rng = np.random.default_rng(seed)
    if n_chunks == 1:
        return [rng]
    entropy = rng.integers(0, 2**63, size=4).tolist()
    return [np.random.default_rng(c) for c in np.random.SeedSequence(entropy).spawn(n_chunks)]


@pytest.mark.parametrize("count", [
    np.r_[np.full(300, 8), np.full(10, 1)],   # cells of 8 samples are not small
    np.r_[np.full(255, 7), 50],               # 255 small cells: fewer than SAMPLED_CELLS
], ids=["cells of 8", "255 small cells"])
@pytest.mark.parametrize("n_resamples, sizes", [(3, [3]), (7, [2, 2, 2, 1])])
def test_few_small_cells_are_numpy_s_multinomial_draw_in_chunks(count, n_resamples, sizes):
    # below the thresholds the draw is numpy's own: of the caller's generator in one
    # chunk; in several (chunks of 3 resamples, made four), of each chunk's generator
    chunks = _chunks(count, n_resamples, 3)
    assert [len(chunk) for chunk in chunks] == sizes
    sources = _sources(3, len(sizes))
    for chunk, source in zip(chunks, sources):
        np.testing.assert_array_equal(chunk, source.multinomial(
            int(count.sum()), count / count.sum(), size=len(chunk)))


@pytest.mark.parametrize("threads", [1, 2, 4])
def test_the_draws_do_not_depend_on_the_number_of_threads(monkeypatch, threads):
    # 4,000 resamples of 600 cells: 3 chunks of STEP elements, drawn as 4
    count = np.r_[np.arange(1, 601) % 7 + 1]
    monkeypatch.setattr(_bootstrap, "THREADS", 1)
    alone = _chunks(count, 4000, _bootstrap.STEP // 600)
    monkeypatch.setattr(_bootstrap, "THREADS", threads)
    chunks = _chunks(count, 4000, _bootstrap.STEP // 600)
    assert [len(chunk) for chunk in chunks] == [1000] * 4
    for ours, reference in zip(chunks, alone):
        np.testing.assert_array_equal(ours, reference)


def test_chunks_are_drawn_at_most_threads_ahead_of_the_caller(monkeypatch):
    monkeypatch.setattr(_bootstrap, "THREADS", 2)
    started = []

    def draw(source, size):
        started.append(size)
        return size

    taken = 0
    for size in _bootstrap.in_chunks(np.random.default_rng(0), draw, 12, _bootstrap.STEP):
        taken += 1
        assert size == 1 and taken <= len(started) <= taken + 2
    assert taken == len(started) == 12


def test_a_failed_chunk_raises_to_the_caller(monkeypatch):
    monkeypatch.setattr(_bootstrap, "THREADS", 2)

    def draw(source, size):
        raise MemoryError("chunk")

    with pytest.raises(MemoryError, match="chunk"):
        list(_bootstrap.in_chunks(np.random.default_rng(0), draw, 8, _bootstrap.STEP))


@pytest.mark.parametrize("width, n_resamples, expected", [
    (1, 5, [5]),                          # all resamples fit in one chunk
    (1, 0, []),                           # none asked: no chunk
    (2**19, 3, [1, 1, 1]),                # two chunks' worth, made four, but one a resample
    (2**19, 5, [2, 1, 1, 1]),             # three chunks' worth, made four
    (2**20, 10, [1] * 10),                # one resample fills a chunk
    (306, 9999, [2500, 2500, 2500, 2499]),  # 3 chunks' worth of 3426, made four
    (2**20 // 1000, 9 * 1000, [750] * 12),  # 9 chunks of 1000, made twelve
])
def test_several_chunks_come_in_fours_of_equal_sizes(width, n_resamples, expected):
    sizes = _bootstrap.chunk_sizes(width, n_resamples)
    assert sizes == expected and sum(sizes) == n_resamples


def test_many_small_cells_are_drawn_by_the_sampler_in_chunks():
    # 256 cells of fewer than 8 samples (among them cells of 7), two cells of exactly 8
    # and two large ones: each resample holds every sample count, in int64 counts, and
    # every cell is drawn
    count = np.r_[np.tile([1, 7], 128), [8, 8], [300, 41]]
    chunks = _chunks(count, 400, 150)
    assert [len(chunk) for chunk in chunks] == [100] * 4
    draws = np.concatenate(chunks)
    assert draws.dtype == np.int64
    assert (draws.sum(axis=1) == count.sum()).all() and (draws >= 0).all()
    assert (draws.max(axis=0) > 0).all()
    plain = _sources(3, 4)[0].multinomial(int(count.sum()), count / count.sum(), 100)
    assert not np.array_equal(chunks[0], plain)  # not numpy's draw: the sampler's
    # each cell's mean is n p: within 5 standard errors (cells of 1, of 7, of 8, large)
    for cell in (0, 1, 256, 258):
        p = count[cell] / count.sum()
        error = np.sqrt(count.sum() * p * (1 - p) / len(draws))
        assert abs(draws[:, cell].mean() - count.sum() * p) < 5 * error, cell


def test_weighted_draws_sum_each_cell_s_pairs_in_chunks():
    # cells 0, 4 and 7 of pairs (cell, weight, samples): a resample's cell weight is
    # the sum over its pairs of the pair's draws times its weight
    pairs = (np.array([0, 0, 4, 7, 7, 7]), np.array([0.5, 2.0, 1.0, 0.25, 3.0, 8.0]),
             np.array([3, 1, 2, 1, 4, 1]), 1.0)
    chunks = list(_bootstrap.weighted(np.random.default_rng(8), pairs, 5,
                                      _bootstrap.STEP // 2))
    assert [len(chunk) for chunk in chunks] == [2, 1, 1, 1]
    for chunk, source in zip(chunks, _sources(8, 4)):
        draws = source.multinomial(12, pairs[2] / 12, size=len(chunk))
        expected = np.c_[draws[:, 0] * 0.5 + draws[:, 1] * 2.0, draws[:, 2] * 1.0,
                         draws[:, 3] * 0.25 + draws[:, 4] * 3.0 + draws[:, 5] * 8.0]
        np.testing.assert_array_equal(chunk, expected)


def _exact_tallies(index, counts, k):
    """Each matrix's row, column and diagonal sums as Python integers (or floats)."""
    dense = [_dense(index, np.array(row, dtype=object), k) for row in counts.tolist()]
    return ([m.sum(axis=1).tolist() for m in dense], [m.sum(axis=0).tolist() for m in dense],
            [np.diag(m).tolist() for m in dense])


@pytest.mark.parametrize("index, k", [
    ([0, 2, 6, 7], 3),   # rows 0 and 2, row 1 empty; column 2 held by row 0 only
    ([0, 3, 4], 3),      # the last row and the last column empty
    ([1, 2, 3], 2),      # no cell of row 0's diagonal
], ids=["empty middle row", "empty last row and column", "off the diagonal"])
@pytest.mark.parametrize("kind", ["int", "float", "2**53", "2**60"])
def test_tallies_are_each_matrix_s_row_column_and_diagonal_sums(index, k, kind):
    index = np.array(index)
    rng = np.random.default_rng(len(index) + k)
    counts = rng.integers(0, 9, (5, len(index)))
    if kind == "float":
        counts = counts * 0.75
    elif kind == "2**53":  # column sums in [2**53, 2**54), odd ones among them: exact
        counts[:, 0] += 2**53 + 1
    elif kind == "2**60":
        counts[:, 0] += 2**53 + 1
        counts[1, -1] += 2**60 + 1
    batch = _bootstrap.Layout(index, k).tallies(counts, 0.5)
    support, predicted, tp = _exact_tallies(index, counts, k)
    assert batch.support.tolist() == support
    assert batch.predicted.tolist() == predicted
    assert batch.tp.tolist() == tp
    assert batch.total.tolist() == [sum(row) for row in support]
    assert batch.correct.tolist() == [sum(row) for row in tp]
    dtype = np.float64 if kind == "float" else np.int64
    for tally in (batch.tp, batch.support, batch.predicted, batch.total, batch.correct):
        assert tally.dtype == dtype
    assert batch.unit == 0.5 and batch.counts is counts and batch.size == 5
    np.testing.assert_array_equal(batch.matrices(),
                                  [_dense(index, row, k) for row in counts])
    assert batch.matrices().dtype == dtype


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("dtype", [np.uint8, np.int64, np.float64])
def test_cells_in_any_order_are_tallied_as_rows_or_columns_of_counts(seed, dtype):
    # a layout of shuffled cells (some rows, columns and diagonal cells empty): the
    # tallies of counts (B, D), and those added from counts (D, B), a row per cell,
    # are each matrix's row, column and diagonal sums
    rng = np.random.default_rng(seed)
    k = int(rng.integers(2, 9))
    index = rng.permutation(rng.choice(k * k, int(rng.integers(1, k * k + 1)), replace=False))
    counts = rng.integers(0, 256, (7, len(index))).astype(dtype)
    if dtype == np.int64:  # counts beyond bytes (and beyond uint16 sums)
        counts = counts * 2**40 + 1
    elif dtype == np.float64:
        counts = counts * 0.75
    layout = _bootstrap.Layout(index, k)
    support, predicted, tp = _exact_tallies(index, counts, k)
    batch = layout.tallies(counts)
    assert (batch.support.tolist(), batch.predicted.tolist(), batch.tp.tolist()) == (
        support, predicted, tp)
    sums = np.ones((3, 7, k), dtype=np.float64 if dtype == np.float64 else np.int64)
    layout.add_cell_sums(counts.T.copy(), sums)  # added to what the sums held
    assert [(part - 1).tolist() for part in sums] == [support, predicted, tp]


@pytest.mark.parametrize("k", [257, 258])
def test_byte_counts_of_a_row_of_more_than_257_cells_are_summed_exactly(k):
    # a row and a column of K cells of 255 each: 255 K fits uint16 up to K = 257
    # (65,535), not at 258 (65,790)
    index = np.r_[np.arange(k), np.arange(1, k) * k]  # row 0, and column 0 below it
    counts = np.full((len(index), 2), 255, dtype=np.uint8)
    sums = np.zeros((3, 2, k), dtype=np.int64)
    _bootstrap.Layout(index, k).add_cell_sums(counts, sums)
    assert sums[0, :, 0].tolist() == sums[1, :, 0].tolist() == [255 * k] * 2
    assert sums[2, :, 0].tolist() == [255, 255]


def test_split_gives_the_same_matrices_in_parts():
    index, k = np.array([0, 1, 5, 8]), 3
    counts = np.arange(28).reshape(7, 4)
    whole = _bootstrap.Layout(index, k).tallies(counts, 0.25)
    for size in (7, 8):  # all in one part: the tallies themselves
        assert [part is whole for part in whole.split(size)] == [True]
    parts = whole.split(3)
    assert [part.size for part in parts] == [3, 3, 1]
    for part, rows in zip(parts, (slice(0, 3), slice(3, 6), slice(6, 7))):
        assert part.unit == 0.25
        np.testing.assert_array_equal(part.matrices(),
                                      [_dense(index, row, k) for row in counts[rows]])
        np.testing.assert_array_equal(part.support, whole.support[rows])


def _recording(sizes, dense):
    """A form that records the size of each part it is evaluated on."""
    return _bootstrap.Form(lambda t: (sizes.append(t.size), np.zeros(t.size))[1], dense)


def test_dense_forms_are_evaluated_on_parts_of_at_most_step_elements():
    # K = 40: 2**20 // 1600 = 655 matrices a part; K = 1025: one matrix (K**2 > 2**20)
    k = 40
    cm = ClassificationMetric.from_confusion_matrix(np.eye(k, dtype=int) + 1)
    index = np.array([0, 41, 1599])
    counts = np.random.default_rng(2).integers(0, 4, (700, 3))
    batch = _bootstrap.Layout(index, k).tallies(counts)
    for alias, params in (("CM", {}), ("CM", {"normalize": "all"}),
                          ("CKS", {"weights": "linear"})):
        form = _bootstrap.form(cm.state, _registry.lookup(alias), params)
        sizes = []
        recorded = _bootstrap.Form(lambda t: (sizes.append(t.size), form.values(t))[1],
                                   form.dense)
        values = _bootstrap.evaluate(recorded, [batch])
        assert sizes == [655, 45], alias
        assert values.dtype == np.float64 and len(values) == 700
    matrices = _bootstrap.evaluate(_bootstrap.form(cm.state, _registry.lookup("CM"), {}), [batch])
    np.testing.assert_array_equal(matrices, [_dense(index, row, k) for row in counts])
    for dense, expected in ((True, [655, 45]), (False, [700])):
        sizes = []
        _bootstrap.evaluate(_recording(sizes, dense), [batch])
        assert sizes == expected
    wide = _bootstrap.Layout(np.array([0]), 1025).tallies(np.ones((3, 1), dtype=np.int64))
    for dense, expected in ((True, [1, 1, 1]), (False, [3])):
        sizes = []
        assert _bootstrap.evaluate(_recording(sizes, dense), [wide]).tolist() == [0.0] * 3
        assert sizes == expected


def test_byte_counts_of_more_than_2_23_cells_are_summed_exactly():
    # one run of 2**31 // 255 + 1 byte counts of 255 (a layout of one class whose one
    # cell is listed that many times, so that the tallies are 1 x 1): their sum,
    # 2**31 + 127, overflows int32, so it is summed in int64
    d = 2**31 // 255 + 1
    counts = np.full((1, d), 255, dtype=np.uint8)
    batch = _bootstrap.Layout(np.zeros(d, dtype=np.int64), 1).tallies(counts)
    for tally in (batch.support, batch.predicted, batch.total):
        assert tally.ravel().tolist() == [255 * d] == [2**31 + 127]
