"""What each library runs for each workload, and its peak memory in a process of its own.

Run as a script, ``python benchmarks/peers.py LIBRARY WORKLOAD N K KIND`` prints the
peak memory of one run (the child process of ``grid.memory_table``).
"""

import gc
import json
import re
import sys
import warnings

import numpy as np

from permetrics_lite import ClassificationMetric

from problems import problem

PEERS = ("scikit-learn", "mlxtend", "pycm", "permetrics")
LIBRARIES = ("permetrics_lite",) + PEERS
WORKLOADS = {
    "accuracy": "one accuracy from fresh arrays",
    "ten": "construct + ten metrics",
    "weighted": "one sample-weighted accuracy from fresh arrays",
    "report": "the per-class report",
}


# --------------------------------------------------------------------------
# Workloads: one function per (library, workload); None where a library has none
# --------------------------------------------------------------------------


def ours(workload, t, p, w):
    if workload == "accuracy":
        return ClassificationMetric(t, p).AS()
    if workload == "weighted":
        return ClassificationMetric(t, p, sample_weight=w).AS()
    cm = ClassificationMetric(t, p)
    if workload == "report":
        return cm.report()
    return (cm.AS(), cm.AS(normalize=False), cm.BAS(), cm.PCA(), cm.PCA(average="macro"),
            cm.CM(), cm.PS(average="macro"), cm.RS(average="macro"), cm.F1S(average="macro"),
            cm.MCC())


def sklearn(workload, t, p, w):
    from sklearn import metrics

    if workload == "accuracy":
        return metrics.accuracy_score(t, p)
    if workload == "weighted":
        return metrics.accuracy_score(t, p, sample_weight=w)
    if workload == "report":
        return metrics.classification_report(t, p, output_dict=True, zero_division=0)
    per_class = metrics.multilabel_confusion_matrix(t, p)
    one_vs_rest = (per_class[:, 0, 0] + per_class[:, 1, 1]) / len(t)
    return (metrics.accuracy_score(t, p), metrics.accuracy_score(t, p, normalize=False),
            metrics.balanced_accuracy_score(t, p), one_vs_rest, one_vs_rest.mean(),
            metrics.confusion_matrix(t, p),
            metrics.precision_score(t, p, average="macro", zero_division=0),
            metrics.recall_score(t, p, average="macro", zero_division=0),
            metrics.f1_score(t, p, average="macro", zero_division=0),
            metrics.matthews_corrcoef(t, p))


def mlxtend(workload, t, p, w):
    from mlxtend.evaluate import accuracy_score

    return accuracy_score(t, p)


def pycm(workload, t, p, w):
    from pycm import ConfusionMatrix

    if workload == "weighted":
        return ConfusionMatrix(actual_vector=t, predict_vector=p, sample_weight=w).Overall_ACC
    cm = ConfusionMatrix(actual_vector=t, predict_vector=p)
    if workload == "accuracy":
        return cm.Overall_ACC
    if workload == "report":
        return cm.class_stat
    return (cm.Overall_ACC, sum(cm.TP.values()), cm.TPR_Macro, cm.ACC, cm.ACC_Macro,
            cm.to_array(), cm.PPV_Macro, cm.TPR_Macro, cm.F1_Macro, cm.Overall_MCC)


def permetrics(workload, t, p, w):
    from permetrics import ClassificationMetric as Permetrics

    if workload == "accuracy":
        return Permetrics(t, p).accuracy_score()
    if workload == "weighted":
        return Permetrics(t, p).accuracy_score(sample_weight=w)
    cm = Permetrics(t, p)
    if workload == "report":
        return (cm.precision_score(average=None), cm.recall_score(average=None),
                cm.f1_score(average=None), cm.confusion_matrix())
    # no balanced or per-class accuracy: macro recall, and one-vs-rest from its matrix
    matrix = cm.confusion_matrix()[0]
    n, diagonal = matrix.sum(), np.diagonal(matrix)
    one_vs_rest = (n - matrix.sum(0) - matrix.sum(1) + 2 * diagonal) / n
    return (cm.accuracy_score(), cm.accuracy_score(normalize=False),
            cm.recall_score(average="macro"), one_vs_rest, one_vs_rest.mean(), matrix,
            cm.precision_score(average="macro"), cm.recall_score(average="macro"),
            cm.f1_score(average="macro"), cm.matthews_correlation_coefficient(average="macro"))


RUNNERS = dict(zip(LIBRARIES, (ours, sklearn, mlxtend, pycm, permetrics)))
# permetrics takes no object arrays: its string labels come as numpy str, converted untimed
ADAPT = {"permetrics": lambda a: a.astype(str) if a.dtype == object else a}
# mlxtend has no sample weights, no multiclass precision, recall or MCC, and no report
OFFERS = {library: tuple(WORKLOADS) for library in LIBRARIES} | {"mlxtend": ("accuracy",)}


def adapted(library, arrays):
    """The arrays as ``library`` takes them (converted untimed)."""
    adapt = ADAPT.get(library, lambda a: a)
    return [adapt(a) for a in arrays]


def warm_up(libraries, kinds):
    """Import every library and run each workload once on a few samples, untimed."""
    for kind in kinds:
        arrays = problem(20, 2, kind)
        for library in libraries:
            t, p, w = adapted(library, arrays)
            for workload in OFFERS[library]:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    try:
                        RUNNERS[library](workload, t, p, w)
                    except Exception:  # reported when timed
                        pass


# --------------------------------------------------------------------------
# Peak memory: one process per library, so that nothing is shared
# --------------------------------------------------------------------------


def _status(field):
    return int(re.search(rf"{field}:\s+(\d+) kB", open("/proc/self/status").read()).group(1))


def measure_memory(library, workload, n_samples, n_classes, kind):
    """Peak resident memory above the inputs while the workload runs, in bytes."""
    t, p, w = adapted(library, problem(n_samples, n_classes, kind))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        RUNNERS[library](workload, t[:10], p[:10], w[:10])  # imports and warm-up outside
        gc.collect()
        before = _status("VmRSS")
        with open("/proc/self/clear_refs", "w") as clear:
            clear.write("5")  # reset the peak (VmHWM) to the current size
        RUNNERS[library](workload, t, p, w)
    return (_status("VmHWM") - before) * 1024


if __name__ == "__main__":
    library, workload, n_samples, n_classes, kind = sys.argv[1:]
    print(json.dumps(measure_memory(library, workload, int(n_samples), int(n_classes), kind)))
