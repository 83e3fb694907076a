"""Pickles: every kind of evaluation round-trips, and pickles of release 0.1.0 still load.

tests/data/evaluations-0.1.0.pkl holds the evaluations of ``EVALUATIONS``
pickled by release 0.1.0 (commit 66f1fe9, the last commit whose pickles carry no
state version), made once with that commit's code:

    git archive 66f1fe9 permetrics_lite | tar -x -C /tmp/release-0.1.0
    cd /tmp && PYTHONPATH=/tmp/release-0.1.0:/path/to/checkout \\
        python -c "from tests.test_pickles import write; write()"

The oracle is the same evaluation built by the code under test.
"""

import pickle
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from permetrics_lite import ClassificationMetric, classification
from tests.helpers import answers

RELEASE_0_1_0 = Path(__file__).resolve().parent / "data" / "evaluations-0.1.0.pkl"
WEIGHT = [1.0, 0.5, 2.0, 1.0, 3.0, 0.25]

EVALUATIONS = {
    "integers, weighted": lambda: ClassificationMetric(
        [0, 2, 1, 3, 0, 2], [0, 1, 2, 3, 0, 2], sample_weight=WEIGHT),
    "strings, labels and options": lambda: ClassificationMetric(
        ["b", "a", "c", "a", "b", "b"], ["b", "a", "a", "a", "c", "b"], labels=["c", "b", "a", "d"],
        average="macro", zero_division=np.nan),
    "pandas with an index": lambda: ClassificationMetric(
        pd.Series(["x", "y", "x"], index=[10, 20, 30]), pd.Series(["x", "x", "x"], index=[10, 20, 30])),
    "binary with pos_label": lambda: ClassificationMetric(
        ["ham", "spam", "spam", "ham"], ["ham", "spam", "ham", "spam"], average="binary",
        pos_label="spam"),
    "multilabel frame": lambda: ClassificationMetric(
        pd.DataFrame({"red": [1, 0, 1], "blue": [0, 1, 1]}),
        pd.DataFrame({"red": [1, 1, 1], "blue": [0, 1, 0]}), sample_weight=[1.0, 2.0, 0.5]),
    "1-D scores": lambda: ClassificationMetric.from_scores(
        [0, 1, 1, 0, 1], [0.2, 0.9, 0.4, 0.6, 0.7], threshold=0.5),
    "score matrix": lambda: ClassificationMetric.from_scores(
        [0, 2, 1, 2], [[0.6, 0.3, 0.1], [0.2, 0.3, 0.5], [0.4, 0.5, 0.1], [0.5, 0.2, 0.3]]),
    "from_confusion_matrix": lambda: ClassificationMetric.from_confusion_matrix(
        [[5, 1, 0], [2, 3, 1], [0, 0, 4]], ["low", "mid", "high"]),
    "a + b": lambda: (ClassificationMetric([0, 1, 1], [0, 1, 0])
                      + ClassificationMetric([2, 1], [2, 2])),
    "from_batches, weighted": lambda: ClassificationMetric.from_batches(
        [([0, 1], [0, 0], [1.0, 2.0]), ([1, 2], [1, 2], [0.5, 0.5])]),
}


def write(path=RELEASE_0_1_0):
    """Pickle EVALUATIONS with whichever permetrics_lite is imported (see the docstring)."""
    path.parent.mkdir(exist_ok=True)
    built = {name: build() for name, build in EVALUATIONS.items()}
    path.write_bytes(pickle.dumps(built, protocol=4))


def everything(cm):
    """The answers of any evaluation, as plain values (nan compares equal in assert_equal)."""
    result = dict(answers(cm), labels=cm.labels.tolist(), n_classes=cm.n_classes,
                  n_samples=cm.n_samples, is_multilabel=cm.is_multilabel,
                  threshold=cm.threshold, repr=repr(cm))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if cm.state.defaults:  # the constructor's options are kept
            result["PS with the constructor's options"] = cm.PS()
        if cm.state.scored is not None:
            result["TKA"] = [cm.TKA(k) for k in range(1, cm.n_classes + 1)]
        if cm.threshold is not None:
            result["curve"] = cm.threshold_curve().to_dict()
        if cm.state.samples is not None:
            result["query weights"] = cm.PCA(sample_weight=np.arange(1.0, cm.n_samples + 1))
    return result


@pytest.fixture(scope="module")
def release_0_1_0():
    return pickle.loads(RELEASE_0_1_0.read_bytes())


@pytest.mark.parametrize("name", EVALUATIONS)
def test_pickles_of_release_0_1_0_load_and_answer_as_today(release_0_1_0, name):
    loaded, expected = release_0_1_0[name], EVALUATIONS[name]()
    np.testing.assert_equal(everything(loaded), everything(expected))
    assert not loaded.labels.flags.writeable and not loaded.state.tallies.tp.flags.writeable
    with pytest.raises(AttributeError, match="immutable"):
        loaded.n_samples = 1
    # and saved again, it is a pickle of today's version
    np.testing.assert_equal(everything(pickle.loads(pickle.dumps(loaded))), everything(expected))


@pytest.mark.parametrize("name", EVALUATIONS)
def test_every_kind_of_evaluation_round_trips(name):
    cm = EVALUATIONS[name]()
    clone = pickle.loads(pickle.dumps(cm))
    np.testing.assert_equal(everything(clone), everything(cm))
    state = cm.__getstate__()
    assert state["version"] == classification.STATE_VERSION


def test_a_pickle_of_a_later_version_is_refused_clearly(monkeypatch):
    cm = ClassificationMetric([0, 1], [0, 1])
    monkeypatch.setattr(classification, "STATE_VERSION", classification.STATE_VERSION + 1)
    future = pickle.dumps(cm)
    monkeypatch.undo()
    with pytest.raises(ValueError, match=(
            rf"cannot load this ClassificationMetric: it was pickled with state version "
            rf"{classification.STATE_VERSION + 1} \(permetrics_lite .*\), and this "
            rf"permetrics_lite .* reads versions 0 to {classification.STATE_VERSION}; "
            r"upgrade permetrics_lite to load it")):
        pickle.loads(future)


@pytest.mark.parametrize("name", EVALUATIONS)
def test_an_evaluation_of_another_s_state_answers_as_it(name):
    # every entry point's state (samples, scores, a matrix, counts, sums, batches)
    cm = EVALUATIONS[name]()
    clone = ClassificationMetric.from_state(cm.state)
    assert clone.state is cm.state
    np.testing.assert_equal(everything(clone), everything(cm))


@pytest.mark.parametrize("not_a_state", [None, (1, 2), {"labels": [0, 1]}])
def test_from_state_refuses_what_is_not_a_state(not_a_state):
    with pytest.raises(TypeError, match=(
            r"^state must be an evaluation's State \(ClassificationMetric\.state\); "
            rf"got {type(not_a_state).__name__}\.$")) as caught:
        ClassificationMetric.from_state(not_a_state)
    assert caught.value.parameter == "state"
