"""The cached state of SPEC §3: used by every query, read-only, picklable."""

import gc
import pickle

import numpy as np
import pandas as pd
import pytest

from permetrics_lite import ClassificationMetric, _confusion, _validation

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

    for module, name in [(_validation, "check_targets"), (_confusion, "encode"),
                         (_confusion, "tally"), (_confusion, "confusion_matrix")]:
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
    arrays = [v for v in vars(cm).values() if isinstance(v, np.ndarray)]
    arrays += [v for v in cm._tallies if isinstance(v, np.ndarray)]
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
        cm._tallies = None


def test_returned_matrices_are_copies():
    cm = ClassificationMetric(*make())
    matrix = cm.CM()
    matrix[:] = 0
    assert cm.CM().trace() == 4


def test_pickle_round_trip_keeps_answers_and_read_only_state():
    cm = ClassificationMetric(pd.Series(["a", "b", "a"]), pd.Series(["a", "a", "a"]))
    clone = pickle.loads(pickle.dumps(cm))
    assert answers(clone) == answers(cm)
    assert not clone.labels.flags.writeable and not clone._tallies.tp.flags.writeable
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

