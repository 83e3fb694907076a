"""The stratified bootstrap of metrics of scores: each resample keeps every class's
count and its metric is scikit-learn's on the drawn samples (weighted by how often
each was drawn); the interval is the percentiles of those values; it agrees with
scipy's bootstrap of the classes as separate samples, BCa's acceleration is the
multi-sample jackknife's computed sample by sample, it covers the true area in a
seeded simulation, and summary and report give the intervals CI gives."""

import math
from statistics import NormalDist

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from scipy import stats
from sklearn import metrics as skm

from permetrics_lite import ClassificationMetric
from permetrics_lite.metrics import ranking, registry as _registry
from permetrics_lite.stats import score_bootstrap
from tests.oracles import expected_calibration_error
from tests.helpers import interval_arrays
from tests.strategies import examples

RESAMPLED = ["AUC", "APS", "LL", "BSL", "ECE"]


@st.composite
def problems(draw):
    """(y_true, y_score, sample_weight, labels): 1-D binary scores, two-column or
    three-column probability matrices; scores with ties or without; at least two
    samples of each class; no weights, whole-number or other weights."""
    shape = draw(st.sampled_from(["1-D", "two columns", "three columns"]))
    n_classes = 3 if shape == "three columns" else 2
    sizes = [draw(st.integers(2, 12)) for _ in range(n_classes)]
    labels = ["maybe", "no", "yes"] if n_classes == 3 else ["no", "yes"]
    y_true = np.repeat(np.array(labels), sizes)
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    rng.shuffle(y_true)
    n = len(y_true)
    matrix = rng.dirichlet(np.ones(n_classes), n)
    if draw(st.booleans()):  # ties
        matrix = np.round(matrix, 1)
        matrix[:, -1] = 1 - matrix[:, :-1].sum(axis=1)
    weights = draw(st.sampled_from(["none", "whole", "floats"]))
    weight = {"none": None, "whole": rng.integers(1, 4, n).astype(float),
              "floats": rng.uniform(0.1, 3, n)}[weights]
    return y_true, matrix[:, 1] if shape == "1-D" else matrix, weight, labels


def drawn_samples(resampler, counts, y_true, y_score, weight):
    """The samples a resample's counts stand for: (y_true, y_score, weight), each
    sample's weight times how often it was drawn (zero weights left out)."""
    state = resampler.state
    if resampler.by_score:  # units: the positives' and the negatives' distinct scores
        ranking = resampler.ranking
        labels = state.labels.tolist()
        positive = labels[state.scored.positive]
        negative = labels[1 - state.scored.positive]
        y = np.array([positive] * len(counts[0]) + [negative] * len(counts[1]))
        s = np.concatenate([ranking.thresholds[units] for units in resampler.units])
        w = np.concatenate(counts).astype(float)
    else:  # units: samples
        drawn = np.zeros(len(y_true))
        for units, count in zip(resampler.units, counts):
            drawn[units] = count
        y, s, w = y_true, np.asarray(y_score), drawn * (1 if weight is None else weight)
    kept = w > 0
    return y[kept], s[kept], w[kept]


def oracle(metric, y, s, w, labels):
    """scikit-learn's value (ECE: a per-sample loop) of the drawn samples."""
    if s.ndim == 1:
        positive = labels[1]
        if metric == "AUC":
            return skm.roc_auc_score(y == positive, s, sample_weight=w)
        if metric == "APS":
            return skm.average_precision_score(y == positive, s, sample_weight=w)
        if metric == "LL":
            return skm.log_loss(y == positive, s, sample_weight=w, labels=[False, True])
        if metric == "BSL":
            return skm.brier_score_loss(y == positive, s, sample_weight=w, pos_label=True)
        return expected_calibration_error(y, s, labels=labels, pos_label=positive,
                                          sample_weight=w)
    if metric == "AUC":
        if s.shape[1] == 2:
            return skm.roc_auc_score(y == labels[1], s[:, 1], sample_weight=w)
        return skm.roc_auc_score(y, s, labels=labels, multi_class="ovr", sample_weight=w)
    if metric == "APS":
        indicators = np.column_stack([y == label for label in labels])
        if s.shape[1] == 2:
            return skm.average_precision_score(indicators[:, 1], s[:, 1], sample_weight=w)
        return skm.average_precision_score(indicators, s, sample_weight=w)
    if metric == "LL":
        return skm.log_loss(y, s, labels=labels, sample_weight=w)
    if metric == "BSL":
        return skm.brier_score_loss(y, s, labels=labels, sample_weight=w)
    return expected_calibration_error(y, s, labels=labels, sample_weight=w)


def variants(metric):
    """The options of a metric of scores a resample is checked with: its defaults, each
    average of its registry row, and the AUC's one-vs-one averages."""
    row = _registry.lookup(metric)
    found = [{}] + [{"average": average} for average in row.averages]
    if metric == "AUC":
        found += [{"multi_class": "ovo", "average": average} for average in ("macro",
                                                                               "weighted")]
    return found


@settings(max_examples=examples(40), deadline=None)
@given(problem=problems(), metric=st.sampled_from(RESAMPLED), seed=st.integers(0, 2**32 - 1))
def test_each_resample_is_the_metric_of_its_drawn_samples(problem, metric, seed):
    y_true, y_score, weight, labels = problem
    cm = ClassificationMetric.from_scores(y_true, y_score, labels=labels, sample_weight=weight)
    resampler = score_bootstrap.Resampler(cm.state)
    sizes = [int((y_true == label).sum() if weight is None else
                 ((y_true == label) & (weight > 0)).sum()) for label in labels]
    values = []
    for chunk in resampler.chunks(np.random.default_rng(seed), 12):
        for counts in zip(*chunk):
            # every class keeps its count (the positive class first for 1-D scores)
            assert sorted(int(c.sum()) for c in counts) == sorted(sizes)
            resample = ClassificationMetric.from_state(resampler.resample(counts))
            value = getattr(resample, metric)()
            drawn = drawn_samples(resampler, counts, y_true, y_score, weight)
            assert value == pytest.approx(oracle(metric, *drawn, labels), rel=1e-9, abs=1e-12)
            # and with every option, the evaluation of the drawn samples built afresh
            fresh = ClassificationMetric.from_scores(drawn[0], drawn[1], sample_weight=drawn[2],
                                                     labels=labels)
            for options in variants(metric):
                assert getattr(resample, metric)(**options) == pytest.approx(
                    getattr(fresh, metric)(**options), rel=1e-9, abs=1e-12, nan_ok=True), options
            values.append(value)
    ci = cm.CI(metric, method="bootstrap", n_resamples=12, random_state=seed)
    assert (ci.low, ci.high) == pytest.approx(tuple(np.percentile(values, [2.5, 97.5])),
                                              rel=1e-12, abs=1e-15)


def test_each_class_is_drawn_with_its_own_frequencies():
    # 1-D scores with ties: each distinct score of a class is drawn in proportion to
    # its samples of that class
    y_true = np.r_[np.ones(40, int), np.zeros(60, int)]
    y_score = np.r_[np.repeat([0.9, 0.6, 0.3], [25, 10, 5]), np.repeat([0.6, 0.1], [20, 40])]
    resampler = score_bootstrap.Resampler(ClassificationMetric.from_scores(y_true,
                                                                           y_score).state)
    assert resampler.by_score
    drawn = [np.concatenate(part) for part in zip(*resampler.chunks(
        np.random.default_rng(5), 4000))]
    for counts, stratum in zip(drawn, resampler.strata.counts):
        expected = stratum * len(counts)  # a multinomial's mean: n p = each unit's count
        assert np.allclose(counts.sum(axis=0), expected, rtol=0.03)


def scipy_auc(positives, negatives, axis=-1):
    """The AUC of every pair, ties half, vectorised as scipy's bootstrap calls it."""
    x = np.moveaxis(positives, axis, -1)[..., :, None]
    y = np.moveaxis(negatives, axis, -1)[..., None, :]
    return ((x > y) + 0.5 * (x == y)).mean(axis=(-2, -1))


@pytest.mark.parametrize("method", ["bootstrap", "bca"])
def test_the_interval_agrees_with_scipys_bootstrap_of_the_classes_as_separate_samples(method):
    rng = np.random.default_rng(8)
    positives, negatives = np.round(rng.normal(1, 1, 60), 1), np.round(rng.normal(0, 1, 40), 1)
    cm = ClassificationMetric.from_scores(np.r_[np.ones(60), np.zeros(40)],
                                          np.r_[positives, negatives])
    ours = cm.CI("AUC", method=method, n_resamples=4000, random_state=1)
    theirs = stats.bootstrap((positives, negatives), scipy_auc, n_resamples=4000,
                             method="percentile" if method == "bootstrap" else "BCa",
                             vectorized=True, rng=np.random.default_rng(2))
    interval = theirs.confidence_interval
    assert ours.estimate == pytest.approx(scipy_auc(positives, negatives), rel=1e-12)
    assert ours.low == pytest.approx(interval.low, abs=0.01)
    assert ours.high == pytest.approx(interval.high, abs=0.01)


def jackknife_acceleration(metric, y_true, y_score, labels):
    """BCa's acceleration by scipy's multi-sample jackknife, one sample left out at a
    time, class by class: U = (n - 1)(mean - value); a = sum U^3/n^3 / (6 (sum U^2/n^2)^1.5)."""
    cubes = squares = 0.0
    for label in labels:
        members = np.flatnonzero(y_true == label)
        values = []
        for left_out in members:
            kept = np.arange(len(y_true)) != left_out
            values.append(oracle(metric, y_true[kept], y_score[kept], np.ones(kept.sum()),
                                 labels))
        values, n = np.array(values), len(members)
        u = (n - 1) * (values.mean() - values)
        cubes += (u**3).sum() / n**3
        squares += (u**2).sum() / n**2
    with np.errstate(invalid="ignore"):  # no spread: 0/0
        return cubes / (6 * squares**1.5)


@settings(max_examples=examples(15), deadline=None)
@given(problem=problems(), metric=st.sampled_from(["AUC", "LL", "BSL"]))
def test_bca_acceleration_is_the_jackknife_of_each_class(problem, metric):
    y_true, y_score, _, labels = problem
    cm = ClassificationMetric.from_scores(y_true, y_score, labels=labels)
    stratified = score_bootstrap.Stratified(cm.state, np.random.default_rng(0), 1)
    acceleration = stratified.acceleration(lambda s: getattr(
        ClassificationMetric.from_state(s), metric)())
    expected = jackknife_acceleration(metric, y_true, np.asarray(y_score), labels)
    assert acceleration == pytest.approx(expected, rel=1e-6, abs=1e-12, nan_ok=True)


def test_the_percentile_interval_covers_the_true_area():
    # binormal scores, N(0, 1) against N(1, 1): the true AUC is Phi(1 / sqrt(2)); 95%
    # intervals of 500 seeded data sets of 80 + 80 samples cover it 95% +- 2.5 points
    rng = np.random.default_rng(21)
    truth = NormalDist().cdf(1 / math.sqrt(2))
    y_true = np.r_[np.ones(80, int), np.zeros(80, int)]
    covered = 0
    for seed in range(500):
        cm = ClassificationMetric.from_scores(y_true, rng.normal(y_true.astype(float), 1.0))
        ci = cm.CI("AUC", method="bootstrap", n_resamples=500, random_state=seed)
        covered += ci.low <= truth <= ci.high
    assert abs(covered / 500 - 0.95) <= 0.025


def test_summary_and_report_give_the_intervals_ci_gives():
    rng = np.random.default_rng(4)
    y_true = rng.choice(["a", "b", "c"], 90)
    matrix = rng.dirichlet(np.ones(3), 90)
    matrix[np.arange(90), (y_true == "b") + 2 * (y_true == "c")] += 0.5
    matrix /= matrix.sum(axis=1, keepdims=True)
    cm = ClassificationMetric.from_scores(y_true, matrix)
    options = dict(n_resamples=60, random_state=9)
    summary = cm.summary(ci="bootstrap", **options)
    for metric in ("AUC", "APS", "LL", "BSL"):
        ci = cm.CI(metric, method="bootstrap", **options)
        assert list(summary.loc[metric]) == [ci.estimate, ci.low, ci.high, "bootstrap"]
    report = cm.report(ci="bca", **options)
    for metric, column in (("AUC", "auc"), ("APS", "average_precision")):
        ci = interval_arrays(cm.CI(metric, method="bca", average=None, **options))
        assert list(report[f"{column}_low"]) == list(ci.low)
        assert list(report[f"{column}_high"]) == list(ci.high)


def test_a_generator_is_advanced_by_one_draw_and_a_seed_repeats_the_interval():
    cm = ClassificationMetric.from_scores([0, 1, 1, 0, 1, 0, 1], [.2, .9, .4, .3, .8, .5, .7])
    first = cm.CI("APS", method="bootstrap", n_resamples=50, random_state=3)
    assert tuple(cm.CI("APS", method="bootstrap", n_resamples=50, random_state=3)) == first
    rng = np.random.default_rng(3)
    assert tuple(cm.CI("APS", method="bootstrap", n_resamples=50, random_state=rng)) == first
    drawn = np.random.default_rng(3)  # the same source, advanced by the resamples' draw
    for _ in score_bootstrap.Resampler(cm.state).chunks(drawn, 50):
        pass
    assert rng.random() == drawn.random()
    # every metric of one summary shares the draw: its rows are CI's
    summary = cm.summary(ci="bootstrap", n_resamples=50, random_state=3)
    assert tuple(summary.loc["APS"]) == (*first, "bootstrap")


@pytest.mark.parametrize("scale", [2.0**-1000, 2.0**1000])
def test_weights_at_any_scale_give_the_same_interval(scale):
    rng = np.random.default_rng(6)
    y_true, y_score = rng.integers(0, 2, 40), rng.uniform(size=40)
    weight = rng.uniform(0.5, 2, 40)
    intervals = [ClassificationMetric.from_scores(y_true, y_score, sample_weight=w).CI(
        metric, method="bootstrap", n_resamples=30, random_state=0)
        for w in (weight, weight * scale) for metric in RESAMPLED]
    assert intervals[:len(RESAMPLED)] == intervals[len(RESAMPLED):]


def test_what_the_stratified_bootstrap_does_not_cover_is_refused_in_words():
    weighted = ClassificationMetric.from_scores([0, 1, 1, 0], [.2, .8, .4, .3],
                                                sample_weight=[1.0, 2.0, 1.0, 0.5])
    with pytest.raises(ValueError, match=r"^method='bca' needs counts of samples"):
        weighted.CI("AUC", method="bca")
    with pytest.raises(ValueError, match=r"^method='bootstrap' does not apply to TKA"):
        ClassificationMetric.from_scores([0, 1, 1], [.2, .8, .4]).CI("TKA", method="bootstrap")


def test_a_querys_own_weights_are_refused_for_a_metric_of_scores():
    cm = ClassificationMetric.from_scores([0, 1, 1, 0], [.2, .8, .4, .3])
    with pytest.raises(ValueError, match=r"^AUC takes no sample_weight: a metric of scores is "
                                         r"of the weights the evaluation was built with; pass "
                                         r"them to from_scores\.$"):
        cm.CI("AUC", method="bootstrap", sample_weight=[1, 2, 1, 1])


def test_a_declared_class_without_samples_leaves_bca_defined():
    # labels=[0, 1] and positives only: the negatives' stratum is empty, not undefined
    y_true, p = np.ones(12, int), np.linspace(0.3, 0.95, 12)
    ci = ClassificationMetric.from_scores(y_true, p, labels=[0, 1]).CI(
        "LL", method="bca", n_resamples=500, random_state=0)
    assert 0 < ci.low < ci.estimate < ci.high


@settings(max_examples=examples(60))
@given(values=st.lists(st.sampled_from([0.0, 0.1, 0.25, 0.5, 0.7, 1.0]), min_size=1,
                       max_size=6, unique=True),
       counts=st.lists(st.integers(0, 6), min_size=6, max_size=6), n_bins=st.integers(1, 12))
def test_repeated_percentiles_are_numpys_of_the_repeated_values(values, counts, n_bins):
    values = np.sort(values)
    counts = np.array(counts[:len(values)])
    counts[0] += 1
    percents = np.linspace(0, 1, n_bins + 1) * 100
    assert np.array_equal(ranking.repeated_percentiles(values, counts.astype(float), percents),
                          np.percentile(np.repeat(values, counts), percents))


def test_whole_weights_of_any_size_bin_quantiles_without_repeating_samples():
    y_true, p = np.repeat([0, 1], 500), np.linspace(0, 1, 1000)
    plain = ClassificationMetric.from_scores(y_true, p).ECE(strategy="quantile")
    for weight in (1e12, 2.0**62, 2.0**300):  # 10^15 samples and more, were they repeated
        cm = ClassificationMetric.from_scores(y_true, p, sample_weight=np.full(1000, weight))
        assert cm.ECE(strategy="quantile") == pytest.approx(plain, abs=2e-3)


@pytest.mark.parametrize("n_scores", [5, 3000], ids=["one chunk", "several chunks"])
def test_a_class_without_samples_draws_nothing_in_every_resample(n_scores):
    # 3,000 distinct scores x 2,500 resamples: several chunks, the empty class's with them
    p = np.r_[0.4, np.linspace(0.2, 0.9, n_scores - 1)]
    state = ClassificationMetric.from_scores(np.ones(n_scores, int), p, labels=[0, 1]).state
    resampler = score_bootstrap.Resampler(state)
    chunks = list(resampler.chunks(np.random.default_rng(0), 2500))
    assert (len(chunks) > 1) == (n_scores > 5)
    assert sum(len(positive) for positive, _ in chunks) == 2500  # every resample, in chunks
    assert all(negative.shape == (len(positive), 0) for positive, negative in chunks)
    assert all((positive.sum(axis=1) == n_scores).all() for positive, _ in chunks)
