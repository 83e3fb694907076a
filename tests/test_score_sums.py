"""Score evaluations that add up: ``a + b``, ``from_batches(scores=True)`` and
``from_dask(scores=True)`` answer every metric, curve and interval of scores as
``from_scores`` on the concatenation does (exactly for counts and exactly summed
weights, to 1e-12 for other weights), keep no per-sample array, and refuse what
rankings cannot answer in words."""

import pickle
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings, strategies as st

from permetrics_lite import ClassificationMetric
from permetrics_lite.metrics import registry as _registry
from tests.strategies import examples


@st.composite
def split_problems(draw):
    """(y_true, y_score, weight, labels, cuts): 1-D binary scores or a 3-column
    probability matrix, with ties or without; weights none, quarters (exact sums) or
    other floats; the samples cut into 1 to 4 consecutive non-empty parts."""
    matrix = draw(st.booleans())
    labels = ["ant", "bee", "cat"] if matrix else ["no", "yes"]
    n = draw(st.integers(4, 40))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    y_true = rng.choice(labels, n)
    scores = rng.dirichlet(np.ones(len(labels)), n)
    if draw(st.booleans()):  # ties, and rows rounded off 1 (the losses warn of them)
        scores = np.round(scores, 1)
    y_score = scores if matrix else scores[:, 1]
    kind = draw(st.sampled_from(["none", "quarters", "floats"]))
    weight = {"none": None, "quarters": rng.integers(0, 9, n) / 4,
              "floats": rng.uniform(0.01, 3, n)}[kind]
    cuts = sorted(draw(st.sets(st.integers(1, n - 1), min_size=1, max_size=3)))
    if weight is not None:
        weight[[0] + cuts] += 1  # each part weighs something (from_scores refuses no weight)
    return y_true, y_score, weight, labels, cuts, kind


def outcome(call):
    """(value, warnings) of a call, or (exception type, message, warnings)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            value = call()
        except (ValueError, TypeError) as error:
            value = (type(error).__name__, str(error))
    return value, sorted(str(w.message) for w in caught)


def answers(cm):
    """Every metric of scores with its defaults and each other average, the curves, the
    summary and the report."""
    found = {}
    for row in _registry.SCORE_METRICS:
        method = getattr(cm, row.alias)
        for options in [{}] + [{"average": a} for a in row.averages
                               if a != row.default_average]:
            found[row.alias, str(options)] = outcome(lambda: method(**options))
    found["TKA k=2"] = outcome(lambda: cm.TKA(2))
    for curve in ("roc_curve", "precision_recall_curve", "det_curve", "calibration_curve",
                  "threshold_curve"):
        found[curve] = outcome(getattr(cm, curve))
    found["ECE quantile"] = outcome(lambda: cm.ECE(strategy="quantile", n_bins=4))
    found["summary"] = outcome(cm.summary)
    found["report"] = outcome(cm.report)
    return found


def equal(found, expected, rtol):
    """Equal answers: numbers (and arrays, dicts, frames of them) within ``rtol`` (and
    as much absolutely)."""
    if isinstance(expected, pd.DataFrame) or isinstance(expected, pd.Series):
        pd.testing.assert_frame_equal(pd.DataFrame(found).astype(float),
                                      pd.DataFrame(expected).astype(float), rtol=rtol,
                                      atol=rtol, check_exact=rtol == 0)
    elif isinstance(expected, dict):
        assert list(found) == list(expected)
        for key in expected:
            equal(found[key], expected[key], rtol)
    elif isinstance(expected, tuple) and expected and isinstance(expected[0], str):
        assert found == expected  # an error: its type and message
    elif isinstance(expected, (tuple, list)):
        assert len(found) == len(expected)
        for a, b in zip(found, expected):
            equal(a, b, rtol)
    else:
        # float weights summed in another order: values near 0 (a kappa of 0) differ by ulps
        np.testing.assert_allclose(found, expected, rtol=rtol, atol=rtol, equal_nan=True)


def assert_same_answers(total, whole, rtol):
    found, expected = answers(total), answers(whole)
    assert list(found) == list(expected)
    for key in expected:
        (value, caught), (expected_value, expected_caught) = found[key], expected[key]
        equal(value, expected_value, rtol)
        assert caught == expected_caught, key


@settings(max_examples=examples(40), deadline=None)
@given(problem=split_problems())
def test_sums_of_score_evaluations_answer_as_the_concatenation(problem):
    y_true, y_score, weight, labels, cuts, kind = problem
    rtol = 1e-12 if kind == "floats" else 0.0
    whole = ClassificationMetric.from_scores(y_true, y_score, sample_weight=weight,
                                             labels=labels)
    bounds = [0] + cuts + [len(y_true)]
    parts = [(y_true[a:b], y_score[a:b]) + (() if weight is None else (weight[a:b],))
             for a, b in zip(bounds[:-1], bounds[1:])]
    batches = ClassificationMetric.from_batches(parts, scores=True, labels=labels)
    # a + b of parts whose matrices list the classes in orders of their own (the sum's
    # classes are in the first's order); not where a row ties, whose prediction is then
    # the first of its equal columns, an order's
    tie_free = y_score.ndim == 2 and all(len(set(row)) == len(row) for row in y_score.tolist())
    orders = [np.arange(len(labels))] + [
        np.random.default_rng(len(part[0])).permutation(len(labels)) if tie_free
        else np.arange(len(labels)) for part in parts[1:]]
    evaluations = [ClassificationMetric.from_scores(
        part[0], part[1][:, order] if y_score.ndim == 2 else part[1],
        labels=[labels[i] for i in order] if y_score.ndim == 2 else labels,
        sample_weight=part[2] if weight is not None else None)
        for part, order in zip(parts, orders)]
    summed = evaluations[0]
    for evaluation in evaluations[1:]:
        summed = summed + evaluation
    for total in (batches, summed):
        assert_same_answers(total, whole, rtol)
        scored = total.state.scored
        assert scored.scores is None and scored.matrix is None and scored.ranks is None
        assert total.state.samples is None


def test_intervals_of_a_sum_are_the_concatenations():
    rng = np.random.default_rng(3)
    y_true, y_score = rng.integers(0, 2, 300), np.round(rng.uniform(size=300), 2)
    whole = ClassificationMetric.from_scores(y_true, y_score)
    total = ClassificationMetric.from_batches(
        [(y_true[i:i + 70], y_score[i:i + 70]) for i in range(0, 300, 70)], scores=True)
    for method in ("delong", "hanley-mcneil", "bootstrap", "bca"):
        options = {} if method in ("delong", "hanley-mcneil") else {"n_resamples": 200,
                                                                    "random_state": 1}
        assert tuple(total.CI("AUC", method=method, **options)) == tuple(
            whole.CI("AUC", method=method, **options))
    assert tuple(total.CI("LL", method="bootstrap", n_resamples=99, random_state=2)) == tuple(
        whole.CI("LL", method="bootstrap", n_resamples=99, random_state=2))


def test_a_sum_survives_a_pickle():
    y_true, y_score = np.array(["a", "b", "c", "a"]), np.eye(3)[[0, 1, 2, 1]] * 0.7 + 0.1
    total = (ClassificationMetric.from_scores(y_true[:2], y_score[:2], labels=["a", "b", "c"])
             + ClassificationMetric.from_scores(y_true[2:], y_score[2:], labels=["a", "b", "c"]))
    again = pickle.loads(pickle.dumps(total))
    assert again.AUC(average=None) == total.AUC(average=None)
    assert again.LL() == total.LL() == ClassificationMetric.from_scores(y_true, y_score).LL()


MATRIX = np.array([[0.6, 0.3, 0.1], [0.2, 0.5, 0.3], [0.1, 0.2, 0.7], [0.3, 0.4, 0.3]])


def test_what_a_sum_of_rankings_cannot_answer_is_refused_in_words():
    one = ClassificationMetric.from_scores([0, 1, 2, 1], MATRIX)
    total = one + one
    with pytest.raises(ValueError, match=r'^multi_class="ovo" needs each sample\'s row of '
                                         r'scores, and this evaluation keeps each column\'s '
                                         r'ranking only \(a sum of score evaluations: a \+ b, '
                                         r'from_batches or from_dask\); use multi_class="ovr"'):
        total.AUC(multi_class="ovo")
    with pytest.raises(ValueError, match=r"^method='bootstrap' resamples the samples of a score "
                                         r"matrix or of weighted scores, and this evaluation "
                                         r"keeps their rankings only"):
        total.CI("AUC", method="bootstrap", n_resamples=10)
    assert total.AUC() == ClassificationMetric.from_scores([0, 1, 2, 1] * 2,
                                                           np.vstack([MATRIX] * 2)).AUC()


def test_scores_plus_labels_or_other_classes_keep_the_label_metrics_only():
    scored = ClassificationMetric.from_scores([0, 1, 1, 0], [0.2, 0.8, 0.4, 0.3])
    labels = ClassificationMetric([0, 1, 1, 0], [0, 1, 0, 0])
    other = ClassificationMetric.from_scores([0, 1, 2], np.eye(3))
    for total in (scored + labels, labels + scored, scored + other):
        with pytest.raises(ValueError, match=r"^roc_auc_score \(AUC\) needs scores, and this "
                                             r"evaluation has none: .*a \+ b of evaluations "
                                             r"not all of scores of the same classes"):
            total.AUC()
    assert (scored + labels).AS() == ClassificationMetric([0, 1, 1, 0] * 2,
                                                          [0, 0, 1, 0, 0, 1, 0, 0]).AS()
    assert (scored + other).CM().tolist() == ClassificationMetric(
        [0, 1, 1, 0, 0, 1, 2], [0, 1, 0, 0, 0, 1, 2]).CM().tolist()


def test_from_dask_with_scores_answers_as_from_scores():
    dd = pytest.importorskip("dask.dataframe")
    rng = np.random.default_rng(5)
    y_true = rng.choice(["ant", "bee", "cat"], 200)
    matrix = rng.dirichlet(np.ones(3), 200)
    frame = pd.DataFrame(matrix, columns=["ant", "bee", "cat"]).assign(y=y_true)
    lazy = dd.from_pandas(frame, npartitions=4)
    total = ClassificationMetric.from_dask(lazy["y"], lazy[["ant", "bee", "cat"]], scores=True)
    assert_same_answers(total, ClassificationMetric.from_scores(y_true, matrix), 0.0)
    binary = ClassificationMetric.from_dask(lazy["y"] == "bee", lazy["bee"], scores=True)
    assert_same_answers(binary, ClassificationMetric.from_scores(y_true == "bee", matrix[:, 1]),
                        0.0)


@settings(max_examples=examples(30), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), weighted=st.booleans(),
       positive=st.sampled_from([None, "no", "yes"]))
def test_counted_scores_answer_as_the_samples_they_stand_for(seed, weighted, positive):
    rng = np.random.default_rng(seed)
    n_rows = rng.integers(2, 25)
    rows = pd.DataFrame({"label": rng.choice(["no", "yes"], n_rows),
                         "p": np.round(rng.uniform(size=n_rows), 1),
                         "n": rng.integers(0, 5, n_rows)})
    rows.loc[0, "n"] += 1
    rows.loc[1, "label"] = "yes" if rows.loc[0, "label"] == "no" else "no"
    rows.loc[1, "n"] += 1  # both classes have samples
    weight = rng.uniform(0.5, 2, n_rows) * rows["n"] if weighted else None
    options = {} if positive is None else {"pos_label": positive}
    counted = ClassificationMetric.from_counts(
        rows.assign(w=weight) if weighted else rows, true="label", score="p", count="n",
        weight="w" if weighted else None, **options)
    repeat = rows["n"].to_numpy()
    samples = ClassificationMetric.from_scores(
        np.repeat(rows["label"].to_numpy(), repeat), np.repeat(rows["p"].to_numpy(), repeat),
        sample_weight=None if weight is None else np.repeat(weight / rows["n"].clip(1), repeat),
        **options)
    assert_same_answers(counted, samples, 1e-12 if weighted else 0.0)


@pytest.mark.parametrize("arguments, message", [
    ({"score": "p", "pred": "q"}, r"^score='p' and pred='q' do not go together: the rows hold "
                                  r"scores, of which the threshold makes the predictions\.$"),
    ({"score": "p", "group": "g"}, r"^score='p' and group='g' do not go together: .*; evaluate "
                                   r"each group's rows on their own\.$"),
    ({"threshold": 0.3}, r"^threshold=0\.3 applies with score only: the rows hold "
                         r"predictions\.$"),
])
def test_counted_scores_refuse_what_does_not_go_with_them(arguments, message):
    rows = pd.DataFrame({"y_true": [0, 1], "y_pred": [0, 1], "q": [0, 1], "p": [0.2, 0.7],
                         "g": ["a", "b"]})
    with pytest.raises(ValueError, match=message):
        ClassificationMetric.from_counts(rows, **arguments)


def test_batches_of_scores_take_the_options_of_from_scores():
    y_true = np.array(["no", "yes", "yes", "no", "yes", "no"])
    y_score = np.array([0.9, 0.2, 0.4, 0.7, 0.1, 0.6])
    options = dict(pos_label="no", threshold=0.65)
    batches = ClassificationMetric.from_batches(
        [(y_true[:3], y_score[:3], [0.0, 0.0, 0.0]), (y_true[3:], y_score[3:])], scores=True,
        **options)  # a batch may weigh nothing
    whole = ClassificationMetric.from_scores(y_true, y_score, sample_weight=[0, 0, 0, 1, 1, 1],
                                             **options)
    assert_same_answers(batches, whole, 0.0)
    with pytest.raises(TypeError, match=r"^batch 0 must be a tuple \(y_true, y_score\) or "
                                        r"\(y_true, y_score, sample_weight\); got tuple of "
                                        r"length 4\.$"):
        ClassificationMetric.from_batches([(y_true, y_score, None, None)], scores=True)
    with pytest.raises(ValueError, match=r"^batch 1: y_score contains"):
        ClassificationMetric.from_batches([(y_true, y_score), (y_true, y_score * np.nan)],
                                          scores=True)
    with pytest.raises(ValueError, match=r"^threshold=0\.3 applies with scores=True only: the "
                                         r"parts hold predictions\.$"):
        ClassificationMetric.from_batches([(y_true, y_true)], threshold=0.3)


def test_what_differs_between_parts_of_scores():
    y_true = np.array(["ham", "spam", "spam", "ham", "ham", "spam"])
    y_score = np.array([0.9, 0.2, 0.6, 0.4, 0.7, 0.1])
    # the same classes in another order, the positive class named two ways: they add up
    first = ClassificationMetric.from_scores(y_true[:3], y_score[:3], labels=["spam", "ham"])
    second = ClassificationMetric.from_scores(y_true[3:], y_score[3:], pos_label="ham")
    whole = ClassificationMetric.from_scores(y_true, y_score, pos_label="ham")
    assert (first + second).AUC() == whole.AUC()
    # float32 and float64 parts: the concatenation is float64, and so is the sum's clipping
    low = np.array([0.0, 0.2], dtype=np.float32)
    mixed = (ClassificationMetric.from_scores([1, 0], low)
             + ClassificationMetric.from_scores([1, 0], np.array([0.3, 0.6])))
    assert mixed.LL() == ClassificationMetric.from_scores(
        [1, 0, 1, 0], np.concatenate([low, [0.3, 0.6]])).LL()
    # weights of 0.5 and 0.5 at one score are not whole, whatever their sum
    halves = [ClassificationMetric.from_scores([0, 1], [0.3, 0.3], sample_weight=[0.5, 0.5]),
              ClassificationMetric.from_scores([0, 1], [0.7, 0.8], sample_weight=[1, 1])]
    for evaluation in (halves[0] + halves[1], ClassificationMetric.from_scores(
            [0, 1, 0, 1], [0.3, 0.3, 0.7, 0.8], sample_weight=[0.5, 0.5, 1, 1])):
        with pytest.raises(ValueError, match=r'strategy="quantile" bins at the quantiles'):
            evaluation.ECE(strategy="quantile", n_bins=2)
    # batches of other classes: refused, naming the batch and why
    with pytest.raises(ValueError, match=r"^batch 1: the scores do not add up to those "
                                         r"before: their classes differ \(\['ham', 'spam'\] "
                                         r"and \['a', 'b'\]\); pass labels"):
        ClassificationMetric.from_batches([(y_true[:3], y_score[:3]),
                                           (["a", "b", "a"], y_score[3:])], scores=True)


def test_tables_of_a_sum_of_matrices_give_the_bounds_it_has():
    one = ClassificationMetric.from_scores([0, 1, 2, 1, 0, 2], np.vstack([MATRIX, MATRIX[:2]]))
    total = one + one
    summary = total.summary(ci="bootstrap", n_resamples=30, random_state=0)
    assert summary.loc[["AUC", "APS", "LL", "BSL"], ["low", "high"]].isna().all().all()
    assert summary.loc[["AS", "MCC"], ["low", "high"]].notna().all().all()
    report = total.report(ci="bca", n_resamples=30, random_state=0)
    assert report["auc_low"].isna().all() and report["recall_low"].notna().all()


def test_a_threshold_curve_of_parts_of_other_thresholds_plots_without_one():
    pytest.importorskip("matplotlib")
    from permetrics_lite import plotting

    total = (ClassificationMetric.from_scores([0, 1, 1], [0.2, 0.7, 0.4], threshold=0.3)
             + ClassificationMetric.from_scores([0, 1, 0], [0.5, 0.9, 0.1], threshold=0.6))
    assert total.threshold is None
    ax = plotting.threshold_curve(total)
    labels = ax.get_legend_handles_labels()[1]
    assert labels[0] == "accuracy" and not any("decision" in label for label in labels)
    ax.figure.clf()


def test_dask_score_columns_keep_their_classes_however_partitioned():
    dd = pytest.importorskip("dask.dataframe")
    rng = np.random.default_rng(2)
    y_true, matrix = rng.choice([0, 1, 2], 60), rng.dirichlet(np.ones(3), 60)
    frame = pd.DataFrame(matrix, columns=[2, 0, 1])
    lazy_scores = dd.from_pandas(frame, npartitions=3)
    lazy_true = dd.from_pandas(pd.Series(y_true), npartitions=4)  # cut elsewhere
    total = ClassificationMetric.from_dask(lazy_true, lazy_scores, scores=True)
    assert_same_answers(total, ClassificationMetric.from_scores(y_true, frame), 0.0)


def test_counted_scores_of_rows_without_samples_or_with_whole_weights():
    # a class only in rows of no samples is no class, as for the samples themselves
    rows = pd.DataFrame({"y": [0, 0, 1, 1, 2], "s": [0.1, 0.6, 0.6, 0.9, 0.3],
                         "n": [3, 2, 4, 5, 0]})
    counted = ClassificationMetric.from_counts(rows, true="y", score="s", count="n")
    samples = ClassificationMetric.from_scores(np.repeat(rows["y"], rows["n"]),
                                               np.repeat(rows["s"], rows["n"]))
    assert_same_answers(counted, samples, 0.0)
    with pytest.raises(ValueError, match=r"y_score contains 1 NaN or infinite value"):
        ClassificationMetric.from_counts(rows.assign(s=[0.1, 0.6, 0.6, 0.9, np.nan]),
                                         true="y", score="s", count="n")
    # without counts each row is a sample: whole weights bin quantiles as repeated samples
    rows = pd.DataFrame({"y": [0, 0, 1, 1, 0, 1], "s": [0.1, 0.6, 0.6, 0.9, 0.3, 0.2],
                         "w": [1.0, 2.0, 0.0, 3.0, 1.0, 1.0]})
    weighted = ClassificationMetric.from_counts(rows, true="y", score="s", weight="w")
    assert weighted.ECE(strategy="quantile") == ClassificationMetric.from_scores(
        rows["y"], rows["s"], sample_weight=rows["w"]).ECE(strategy="quantile")


@pytest.mark.parametrize("waiting", [3, 2**23])
def test_batches_merged_in_rounds_of_any_size_and_kind(monkeypatch, waiting):
    from permetrics_lite.core import sums

    monkeypatch.setattr(sums.RunningSum, "PENDING_SAMPLES", waiting)
    rng = np.random.default_rng(12)
    y_true, y_score = rng.choice(["no", "yes"], 60), np.round(rng.uniform(size=60), 1)
    weight = np.ones(60)
    weight[20:30] = rng.integers(1, 8, 10) / 4  # one batch of quarter weights among counts
    batches = [(y_true[i:i + 10], y_score[i:i + 10]) + ((weight[i:i + 10],) if i == 20 else ())
               for i in range(0, 60, 10)]
    total = ClassificationMetric.from_batches(batches, scores=True)
    assert_same_answers(total, ClassificationMetric.from_scores(y_true, y_score,
                                                                sample_weight=weight), 0.0)


@pytest.mark.parametrize("scale", [2.0**-1000, 2.0**1000])
def test_parts_weighed_at_other_scales_add_up(scale):
    # the parts count in other units; the sum brings them to one
    rng = np.random.default_rng(13)
    y_true, y_score = rng.choice(["no", "yes"], 40), np.round(rng.uniform(size=40), 1)
    weight = rng.integers(1, 9, 40) / 4
    weight[20:] *= scale
    parts = [ClassificationMetric.from_scores(y_true[i:i + 20], y_score[i:i + 20],
                                              sample_weight=weight[i:i + 20])
             for i in (0, 20)]
    assert_same_answers(parts[0] + parts[1], ClassificationMetric.from_scores(
        y_true, y_score, sample_weight=weight), 1e-12)
