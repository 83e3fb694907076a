"""The cached state: used by every query, read-only, picklable."""

import gc
import pickle

import numpy as np
import pandas as pd
import pytest

from permetrics_lite import ClassificationMetric, validation as _validation
from permetrics_lite.core import tally as _tally
from tests import helpers

QUERIES = {
    "AS": lambda cm: cm.AS(),
    "AS count": lambda cm: cm.AS(normalize=False),
    "BAS": lambda cm: cm.BAS(),
    "BAS adjusted": lambda cm: cm.BAS(adjusted=True),
    "PCA": lambda cm: cm.PCA(),
    "PCA macro": lambda cm: cm.PCA(average="macro"),
    "CM": lambda cm: cm.CM().tolist(),
    "report": lambda cm: cm.report(zero_division=0.0).to_dict(),
    "summary": lambda cm: cm.summary(zero_division=0.0).to_dict(),
}


def make():
    return np.array([0, 2, 1, 3, 0, 2]), np.array([0, 1, 2, 3, 0, 2])


def answers(cm):
    return {name: query(cm) for name, query in QUERIES.items()}


def test_queries_never_encode_or_tally_again(monkeypatch):
    cm = ClassificationMetric(*make())
    expected = answers(cm)

    def forbidden(*args, **kwargs):
        raise AssertionError("a query re-read the labels")

    for module, name in [(_validation, "check_targets"), (_tally, "encode"),
                         (_tally, "tally"), (_tally, "confusion_matrix")]:
        monkeypatch.setattr(module, name, forbidden)
    assert answers(cm) == expected


def test_queries_survive_mutation_and_deletion_of_the_inputs():
    y_true, y_pred = make()
    weight = np.ones(6)
    cm = ClassificationMetric(y_true, y_pred, sample_weight=weight)
    expected = answers(cm)
    y_true[:], y_pred[:], weight[:] = 3, 0, 0.0
    assert answers(cm) == expected
    del y_true, y_pred, weight
    gc.collect()
    assert answers(cm) == expected


def test_multilabel_inputs_are_copied():
    y_true = np.array([[1, 0], [0, 1]], dtype=bool)
    cm = ClassificationMetric(y_true, y_true.copy())
    y_true[:] = False
    assert cm.AS() == 1.0


def test_cached_arrays_are_read_only():
    cm = ClassificationMetric(*make(), sample_weight=[1, 2, 3, 4, 5, 6])
    state = cm.state
    arrays = [v for v in (*state, *state.samples, *state.tallies) if isinstance(v, np.ndarray)]
    assert len(arrays) >= 8
    for array in arrays:
        assert not array.flags.writeable
    with pytest.raises(ValueError, match="read-only"):
        cm.labels[0] = 9


def test_attributes_cannot_be_replaced():
    cm = ClassificationMetric(*make())
    with pytest.raises(AttributeError, match="immutable"):
        cm.n_samples = 3
    with pytest.raises(AttributeError, match="immutable"):
        cm._state = None
    with pytest.raises(AttributeError):
        cm.state.tallies = None


def test_returned_matrices_are_copies():
    cm = ClassificationMetric(*make())
    matrix = cm.CM()
    matrix[:] = 0
    assert cm.CM().trace() == 4


def test_pickle_round_trip_keeps_answers_and_read_only_state():
    cm = ClassificationMetric(pd.Series(["a", "b", "a"]), pd.Series(["a", "a", "a"]))
    clone = pickle.loads(pickle.dumps(cm))
    assert answers(clone) == answers(cm)
    assert not clone.labels.flags.writeable and not clone.state.tallies.tp.flags.writeable
    with pytest.raises(AttributeError):
        clone.n_samples = 1


def test_repr_shows_n_k_and_the_first_labels():
    assert repr(ClassificationMetric(*make())) == (
        "ClassificationMetric(n_samples=6, n_classes=4, labels=[0, 1, 2, 3])"
    )
    many = ClassificationMetric(np.arange(8), np.arange(8))
    assert repr(many).endswith("labels=[0, 1, 2, 3, 4, ...])")
    multilabel = ClassificationMetric(np.eye(2), np.eye(2))
    assert repr(multilabel).endswith("labels=[0, 1], multilabel)")


def test_html_repr_is_the_summary():
    html = ClassificationMetric(*make())._repr_html_()
    assert "<table" in html and "BAS_adjusted" in html



# ---------------------------------------------------------------------------
# Nothing the public API returns gives write access to the cached state
# ---------------------------------------------------------------------------


def arrays_within(result):
    """Every numpy array reachable from a result, and the bases they view."""
    found = []
    if isinstance(result, np.ndarray):
        found.append(result)
    if isinstance(result, (pd.Series, pd.DataFrame)):
        frame = result.to_frame() if isinstance(result, pd.Series) else result
        found += [frame.to_numpy(), frame.index.to_numpy(), frame.columns.to_numpy(),
                  frame.index.values, frame.columns.values]
        found += [frame.iloc[:, j].to_numpy() for j in range(frame.shape[1])]
        found += [frame.iloc[:, j].values for j in range(frame.shape[1])]
    if isinstance(result, dict):
        for value in result.values():
            found += arrays_within(value)
    chain = []
    for array in found:
        while isinstance(array, np.ndarray):
            chain.append(array)
            array = array.base
    return chain


def vandalise(result):
    """Change a returned object in every way open to a user."""
    for array in arrays_within(result):
        try:
            array.flags.writeable = True
        except ValueError:  # a view of read-only memory: cannot be made writeable
            continue
        if array.dtype.kind in "OUS":
            array[...] = "z"
        elif array.dtype.kind == "b":
            array[...] = ~array
        else:
            array[...] = 7
    if isinstance(result, (pd.Series, pd.DataFrame)):
        result.iloc[...] = 7
        result.index = range(7, 7 + len(result.index))
    if isinstance(result, dict):
        for key in list(result):
            result[key] = "z"
        result.clear()


def scored_evaluation():
    return ClassificationMetric.from_scores(["no", "yes", "yes", "no"], [0.2, 0.9, 0.4, 0.6],
                                            labels=["no", "yes"])


def sparse_evaluation():
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_tally, "DENSE_LIMIT", 4)  # 4 classes: 16 cells, kept sparse
        return ClassificationMetric(*make())


EVALUATIONS = {
    "integers": lambda: ClassificationMetric(*make(), sample_weight=[1, 2, 3, 4, 5, 6]),
    "strings": lambda: ClassificationMetric(np.array(["b", "a", "c", "a"]),
                                            np.array(["b", "b", "c", "a"])),
    "pandas": lambda: ClassificationMetric(pd.Series(["b", "a", "c"]),
                                           pd.Series(pd.Categorical(["b", "b", "c"]))),
    "multilabel": lambda: ClassificationMetric(np.array([[1, 0, 1], [0, 1, 1]]),
                                               np.array([[1, 1, 1], [0, 1, 0]])),
    "from_scores": scored_evaluation,
    "from_confusion_matrix": lambda: ClassificationMetric.from_confusion_matrix(
        np.array([[3, 1], [2, 4]]), ["x", "y"]),
    "a + b": lambda: ClassificationMetric([0, 1], [0, 0]) + ClassificationMetric([2], [1]),
    "sparse": sparse_evaluation,
}

RETURNED = {
    "labels": lambda cm: cm.labels,
    "CM": lambda cm: cm.CM(),
    "CM normalized": lambda cm: cm.CM(normalize="all"),
    "CM with query weights": lambda cm: cm.CM(sample_weight=np.ones(cm.n_samples)),
    "CM frame": lambda cm: cm.CM(as_frame=True),
    "report": lambda cm: cm.report(zero_division=0.0),
    "summary": lambda cm: cm.summary(zero_division=0.0),
    "per-class dict": lambda cm: cm.PCA(),
    "per-class precision": lambda cm: cm.PS(average=None, zero_division=0.0),
    "get_metrics_by_dict": lambda cm: cm.get_metrics_by_dict(
        {"CM": None, "PCA": None, "RS": {"average": None, "zero_division": 0.0}}),
    "get_metrics_by_list_names": lambda cm: cm.get_metrics_by_list_names(["CM", "PCA"]),
}
# what an evaluation refuses to give (the test then vandalises its plain CM())
REFUSED = {("multilabel", "CM frame"): "as_frame=True needs a single K x K matrix",
           ("from_confusion_matrix", "CM with query weights"): "sample_weight",
           ("a + b", "CM with query weights"): "sample_weight"}


def everything(cm):
    """Every answer of an evaluation, as plain Python values."""
    result = {"labels": cm.labels.tolist(), "n_classes": cm.n_classes,
              "n_samples": cm.n_samples, "is_multilabel": cm.is_multilabel,
              "threshold": cm.threshold, "html": cm._repr_html_(), "repr": repr(cm)}
    result.update(helpers.answers(cm))
    if cm.threshold is not None:
        result["curve"] = cm.threshold_curve(zero_division=0.0).to_dict()
    return result


@pytest.mark.parametrize("returned", RETURNED)
@pytest.mark.parametrize("evaluation", EVALUATIONS)
def test_changing_what_the_api_returns_changes_nothing(evaluation, returned):
    cm = EVALUATIONS[evaluation]()
    expected = everything(cm)
    if (evaluation, returned) in REFUSED:
        with pytest.raises(ValueError, match=REFUSED[evaluation, returned]):
            RETURNED[returned](cm)
        result = cm.CM()
    else:
        result = RETURNED[returned](cm)
    assert arrays_within(result) or isinstance(result, dict)
    vandalise(result)
    np.testing.assert_equal(everything(cm), expected)  # nan equals nan here


def test_changing_the_threshold_curve_changes_nothing():
    cm = scored_evaluation()
    expected = everything(cm)
    vandalise(cm.threshold_curve())
    vandalise(cm.threshold_curve(sample_weight=[1.0, 2.0, 3.0, 4.0]))
    np.testing.assert_equal(everything(cm), expected)


def test_labels_cannot_be_made_writeable_into_the_cache():
    cm = ClassificationMetric(["a", "b"], ["a", "a"])
    labels = cm.labels
    labels.flags.writeable = True  # the caller's own copy
    labels[0] = "z"
    assert cm.labels.tolist() == ["a", "b"] and list(cm.PCA()) == ["a", "b"]
    assert cm.report(zero_division=0.0).index.tolist() == ["a", "b"]


def test_from_confusion_matrix_copies_the_matrix():
    matrix = np.array([[3, 1], [2, 4]])
    cm = ClassificationMetric.from_confusion_matrix(matrix, [0, 1])
    matrix[:] = 0
    assert matrix.flags.writeable  # the caller's array is left as it was
    assert cm.CM().tolist() == [[3, 1], [2, 4]]
