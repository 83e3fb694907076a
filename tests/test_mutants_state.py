"""Tests written for the mutants of core/state.py, core/build.py and core/sums.py that
the other tests let survive: what a pickle keeps (groups, sparse cells, weights, the
pandas index, read-only arrays, version 1), the positive class a sum takes, sums of
weighted matrices, and an evaluation widened to more classes. Each expected value is
counted by hand or by a loop over the samples written here."""

import pickle

import numpy as np
import pandas as pd
import pytest

from permetrics_lite import ClassificationMetric
from permetrics_lite.core import state as _state, sums as _sums


def loaded(cm):
    return pickle.loads(pickle.dumps(cm))


def counted_matrix(true, pred, labels, weight=None):
    """The confusion matrix by a loop over the samples."""
    position = {label: i for i, label in enumerate(labels)}
    matrix = np.zeros((len(labels), len(labels)))
    for i, (t, p) in enumerate(zip(true, pred)):
        matrix[position[t], position[p]] += 1 if weight is None else weight[i]
    return matrix


def arrays_of(value):
    """Every array held by a state's fields, at any depth of tuples."""
    if isinstance(value, np.ndarray):
        return [value]
    if isinstance(value, tuple):
        return [a for item in value for a in arrays_of(item)]
    return []


def cannot_add(first, second):
    return (f"cannot add evaluations built with different pos_label ({first!r} and "
            f"{second!r}); build both with the same options.")


# ---------------------------------------------------------------- pickles (state.py)

def test_a_pickle_keeps_the_groups_of_counts():
    frame = pd.DataFrame({"y_true": ["a", "a", "b", "b", "a", "b"],
                          "y_pred": ["a", "b", "b", "a", "a", "a"],
                          "n": [3, 1, 2, 1, 4, 2], "g": ["x", "x", "x", "y", "y", "y"]})
    clone = loaded(ClassificationMetric.from_counts(frame, count="n", group="g"))
    grouped = clone.by_group()
    assert list(grouped) == ["x", "y"]
    # x: a->a 3, a->b 1, b->b 2; y: b->a 1 + 2, a->a 4
    assert grouped["x"].CM().tolist() == [[3, 1], [0, 2]]
    assert grouped["y"].CM().tolist() == [[4, 0], [3, 0]]
    assert (grouped["x"].n_samples, grouped["y"].n_samples) == (6, 7)
    assert grouped["y"].AS() == 4 / 7
    assert grouped.frame("AS").index.name == "g"


def test_a_pickle_keeps_the_sparse_cells_of_many_classes():
    k = 2049  # K * K > 2**22 cells: a sum keeps its matrix as its nonzero cells
    total = (ClassificationMetric([0, 5, 2048], [5, 5, 0], labels=np.arange(k))
             + ClassificationMetric([7, 2048, 5], [7, 3, 5], labels=np.arange(k)))
    cells = loaded(total).state.tallies.cells
    assert cells is not None
    # flat positions true * K + pred: (0, 5), (5, 5) twice, (7, 7), (2048, 0), (2048, 3)
    assert cells.index.tolist() == [5, 5 * k + 5, 7 * k + 7, 2048 * k, 2048 * k + 3]
    assert cells.count.tolist() == [1, 2, 1, 1, 1]


def test_a_pickle_keeps_the_weights_and_index_of_the_samples():
    index = [5, 6, 7, 8]
    cm = ClassificationMetric(pd.Series([0, 1, 1, 0], index=index),
                              pd.Series([0, 1, 0, 1], index=index),
                              sample_weight=[1.0, 2.0, 4.0, 8.0])
    clone = loaded(cm)
    grouped = clone.by_group(pd.Series(["a", "a", "b", "b"], index=index))
    assert grouped["a"].AS() == 1.0  # both right
    assert grouped["b"].AS() == 0.0  # both wrong
    assert clone.by_group(["a", "b", "b", "b"])["b"].AS() == 2 / 14  # 2 of 2 + 4 + 8
    reversed_index = index[::-1]
    with pytest.raises(ValueError) as raised:
        clone.by_group(pd.Series(["a", "a", "b", "b"], index=reversed_index))
    assert str(raised.value) == (
        "y_true and groups are pandas objects with different indexes, so their rows would "
        "be paired by position, not by index. Align them (e.g. "
        "groups.reindex(y_true.index)) or pass .to_numpy().")


def test_a_pickle_is_read_only_throughout():
    cm = ClassificationMetric.from_scores([0, 1, 1, 0, 1], [0.2, 0.9, 0.4, 0.6, 0.7],
                                          sample_weight=[1.0, 2.0, 1.0, 0.5, 1.0])
    state = loaded(cm).state
    for field in ("labels", "tallies", "samples", "scored"):
        arrays = arrays_of(getattr(state, field))
        assert arrays, field
        for array in arrays:
            assert not array.flags.writeable, field
    with pytest.raises(ValueError, match="read-only"):
        state.samples.true[0] = 1


def test_a_pickle_of_state_version_1_loads():
    # version 1 is version 2 without the scores' epsilon: the same for an evaluation
    # of labels, tallies as dicts
    cm = ClassificationMetric(["a", "b", "b", "c"], ["a", "b", "c", "c"])
    pickled = dict(cm.__getstate__(), version=1)
    clone = ClassificationMetric.__new__(ClassificationMetric)
    clone.__setstate__(pickled)
    assert clone.CM().tolist() == [[1, 0, 0], [0, 1, 1], [0, 0, 1]]
    assert clone.AS() == 3 / 4
    assert clone.state.tallies.tp.tolist() == [1, 1, 1]


def test_the_fields_of_a_pickle_load_in_any_order():
    cm = ClassificationMetric.from_counts(
        pd.DataFrame({"y_true": [0, 1], "y_pred": [1, 1], "g": ["u", "v"]}), group="g")
    fields = _state.pickled(cm.state)
    state = _state.unpickled(dict(reversed(list(fields.items()))), 2)
    assert state.groups.keys == ["u", "v"]
    assert state.groups.tallies[0].matrix.tolist() == [[0, 1], [0, 0]]
    assert state.groups.tallies[1].matrix.tolist() == [[0, 0], [0, 1]]


# ------------------------------------------------- queries of the state (state.py)

def test_a_multilabel_evaluation_weighted_by_a_query_is_weighted():
    cm = ClassificationMetric([[1, 0], [0, 1], [1, 1], [1, 0]], [[1, 1], [0, 1], [0, 1], [1, 0]])
    with pytest.raises(ValueError) as raised:
        cm.CI("RS", method="wilson", average=None, sample_weight=[1.0, 2.0, 3.0, 1.0])
    assert str(raised.value) == (
        "method='wilson' needs counts of samples, and this evaluation is weighted (its sample "
        "weights, integral ones too, are not counts of samples); use method='bootstrap', "
        "which resamples the samples with their weights. If each weight counts identical "
        "samples, evaluate them as counts: ClassificationMetric.from_counts(frame, count=...).")


def test_per_class_accuracy_of_one_class_takes_pos_label_with_average_none():
    # one-vs-rest accuracy answers for any number of classes: pos_label picks one
    cm = ClassificationMetric([0, 0, 1, 2], [0, 1, 1, 2])
    assert cm.PCA(average=None, pos_label=1) == 3 / 4  # one false positive of 1 in 4
    assert cm.PCA(average=None, pos_label=2) == 1.0


def test_binary_scores_of_class_1_state_no_positive_class_to_a_sum():
    # the positive class of these scores is 1, the default's: nothing to state
    scored = ClassificationMetric.from_scores([0, 1, 1, 0], [0.2, 0.8, 0.3, 0.6])
    total = scored + ClassificationMetric([0, 2], [0, 2])
    assert total.state.defaults == {}
    assert total.labels.tolist() == [0, 1, 2]
    with pytest.raises(ValueError) as raised:
        scored + ClassificationMetric([1, 2], [1, 2], pos_label=2)
    assert str(raised.value) == cannot_add("<not given>", 2)


def test_binary_scores_of_a_class_other_than_1_keep_the_other_options():
    # scores of "spam", predicted where >= 0.5: only sample 1
    cm = ClassificationMetric.from_scores(["ham", "spam", "spam", "ham"], [0.1, 0.8, 0.4, 0.3],
                                          average="macro")
    # precision of spam 1/1, of ham 2/3 (samples 0 and 3 of 0, 2, 3): macro 5/6
    assert cm.PS() == pytest.approx(5 / 6, rel=1e-15)
    assert cm.PS(average="binary") == 1.0  # of spam, the scores' class


def test_a_stated_positive_class_of_binary_scores_is_kept_as_given():
    # pos_label=0 names False among boolean classes; the sum, of the integers 0, 1 and
    # 2, keeps 0 (False would be no class of it)
    scored = ClassificationMetric.from_scores([False, True, True, False],
                                              [0.2, 0.8, 0.3, 0.6], pos_label=0)
    # the scores are of False: predicted False where >= 0.5 (samples 1 and 3)
    assert scored.CM().tolist() == [[1, 1], [1, 1]]
    other = ClassificationMetric([0, 2, 2], [0, 2, 0])
    for total in (scored + other, other + scored):
        assert total.labels.tolist() == [0, 1, 2]
        assert total.state.defaults == {"pos_label": 0}
        assert total.CM().tolist() == [[2, 1, 0], [1, 1, 0], [1, 0, 1]]


# ------------------------------------------------------------------- sums (sums.py)

def test_a_sum_takes_the_positive_class_one_part_states():
    stated = ClassificationMetric(["ham", "spam", "spam"], ["ham", "spam", "ham"],
                                  pos_label="spam")
    plain = ClassificationMetric(["spam", "ham"], ["spam", "spam"])
    # all five: predicted spam 3 times (spam, spam, ham), true spam 3 times (2 found)
    for total in (stated + plain, plain + stated):
        assert total.state.defaults == {"pos_label": "spam"}
        assert total.PS(average="binary") == 2 / 3  # of spam; of ham it is 1 / 2
        assert total.RS(average="binary") == 2 / 3  # of spam; of ham it is 1 / 2


def test_a_sum_of_numbers_without_1_takes_the_stated_positive_class():
    stated = ClassificationMetric([2, 3, 3], [2, 3, 2], pos_label=2)
    plain = ClassificationMetric([3, 2], [2, 2])
    for total in (stated + plain, plain + stated):
        assert total.state.defaults == {"pos_label": 2}
        assert total.PS(average="binary") == 2 / 4  # predicted 2: 4 times, 2 of them 2


def test_a_sum_of_two_stated_positive_classes_that_differ_is_refused():
    spam = ClassificationMetric(["ham", "spam"], ["ham", "spam"], pos_label="spam")
    ham = ClassificationMetric(["ham", "spam"], ["spam", "spam"], pos_label="ham")
    with pytest.raises(ValueError) as raised:
        spam + ham
    assert str(raised.value) == cannot_add("spam", "ham")


def test_a_part_whose_first_class_is_1_keeps_1_as_its_positive_class():
    # 1 is a class of `plain`, at position 0: its positive class is 1, not the other's 2
    stated = ClassificationMetric([1, 2, 2], [1, 2, 1], pos_label=2)
    plain = ClassificationMetric([1, 2], [2, 2])
    with pytest.raises(ValueError) as raised:
        stated + plain
    assert str(raised.value) == cannot_add(2, "<not given>")
    with pytest.raises(ValueError) as raised:
        plain + stated
    assert str(raised.value) == cannot_add("<not given>", 2)


def test_a_sum_with_a_matrix_of_weights_has_no_number_of_samples():
    weighted = ClassificationMetric.from_confusion_matrix([[0.5, 1.0], [0.25, 2.0]])
    counted = ClassificationMetric([0, 1, 1], [0, 1, 0])
    for total in (weighted + counted, counted + weighted, weighted + weighted):
        assert total.n_samples is None
    assert (weighted + counted).CM().tolist() == [[1.5, 1.0], [1.25, 3.0]]
    assert (counted + counted).n_samples == 6


def test_an_evaluation_widened_to_more_classes():
    true, pred, weight = ["b", "a", "b", "a"], ["a", "a", "b", "b"], [1.0, 2.0, 4.0, 8.0]
    state = ClassificationMetric(true, pred, sample_weight=weight, average="macro").state
    labels = ["c", "a", "b", "d"]
    widened = _sums.widened(state, labels)
    assert widened.labels.tolist() == labels
    expected = counted_matrix(true, pred, labels, weight)
    tallies = widened.tallies
    assert tallies.matrix.tolist() == expected.tolist()
    assert tallies.tp.tolist() == expected.diagonal().tolist() == [0, 2, 4, 0]
    assert tallies.support.tolist() == expected.sum(axis=1).tolist()
    assert tallies.predicted.tolist() == expected.sum(axis=0).tolist()
    assert (tallies.total, widened.n_samples) == (15.0, 4)
    assert widened.defaults == {"average": "macro"}
    cm = ClassificationMetric.from_state(widened)
    assert cm.CM().tolist() == expected.tolist()
    assert cm.RS(average=None, zero_division=0.0) == {"c": 0.0, "a": 2 / 10, "b": 4 / 5, "d": 0.0}


def test_an_evaluation_widened_in_the_order_of_its_own_classes():
    state = ClassificationMetric([2, 0, 2], [2, 2, 0]).state
    widened = _sums.widened(state, [0, 1, 2])
    assert widened.labels.tolist() == [0, 1, 2]
    assert widened.tallies.matrix.tolist() == [[0, 0, 1], [0, 0, 0], [1, 0, 1]]
    assert widened.n_samples == 3
