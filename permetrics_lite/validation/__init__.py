"""Every check of user input, and every message that rejects it.

This package is the only code that looks at raw user input. It hands the rest
of the package plain numpy arrays of one label kind, or raises an error that
names the argument, says what was found and what to do about it: an
``InputError`` (``InputTypeError`` for a wrong type) whose message is a template
with the parameters it names in slots, so that the command line words them as
flags without parsing the text. The rest of the package raises these errors
too, and warns with templates (``InputWarning``), built from ``Arg``, ``Term``
and ``Phrase``. One module per concern: ``errors`` (those errors and
warnings), ``arrays`` (one array-like -> numpy), ``labels`` (label kinds),
``targets`` (y_true with y_pred), ``weights``, ``options``, ``tallies``
(matrices, merges, batches), ``scores`` (from_scores), and the checks that
serve one caller: ``intervals``, ``groups``, ``score_metrics``.

The names the rest of the package uses are re-exported here, so that callers
write ``_validation.check_targets(...)`` without knowing which module holds it.
"""

from .arrays import check_aligned, preview
from .errors import Arg, Choices, InputError, InputTypeError, InputWarning, Phrase, Term, Worded
from .groups import check_groups, weightless_group
from .intervals import (
    MethodNotApplicable, check_confidence, check_n_resamples, check_random_state,
    interval_unsupported, multilabel_resampling, resampling_needs_count, resampling_only,
    weighted_interval, weighted_ranking_interval, weighted_test)
from .labels import common_labels, label_position, unlisted_labels
from .options import (
    check_beta, check_bool, check_integer_from, check_metric_parameters, check_option,
    check_pos_label, check_zero_division, closest, missing_extra)
from .score_metrics import (
    NotProbabilities, binary_curve_only, check_max_fpr, check_n_bins, evaluation_average,
    multiclass_max_fpr, not_probabilities, one_class_curve, one_vs_one_of_a_sum, ovo_per_class,
    query_weights_of_scores, samples_of_scores_not_kept, weighted_quantile_bins)
from .scores import (
    check_score_values, check_scores, check_threshold, scores_needed, threshold_for_matrix)
from .tallies import (
    INT64_MAX, check_batch, check_confusion_matrix, check_count_total, check_dask_shapes,
    check_mergeable, check_total, exact_total, in_part, merged_options, no_batches, not_dask,
    samples_not_kept, unknown_state_version)
from .targets import check_targets, multilabel_unsupported
from .weights import as_floats, check_sample_weight

__all__ = [
    # errors
    "Arg", "Choices", "InputError", "InputTypeError", "InputWarning", "Phrase", "Term",
    "Worded",
    # arrays
    "check_aligned", "preview",
    # groups
    "check_groups", "weightless_group",
    # intervals
    "MethodNotApplicable", "check_confidence", "check_n_resamples", "check_random_state",
    "interval_unsupported", "multilabel_resampling", "resampling_needs_count",
    "resampling_only", "weighted_interval", "weighted_ranking_interval", "weighted_test",
    # labels
    "common_labels", "label_position", "unlisted_labels",
    # options
    "check_beta", "check_bool", "check_integer_from", "check_metric_parameters",
    "check_option", "check_pos_label", "check_zero_division", "closest", "missing_extra",
    # score_metrics
    "NotProbabilities", "binary_curve_only", "check_max_fpr", "check_n_bins",
    "evaluation_average", "multiclass_max_fpr", "not_probabilities", "one_class_curve", "one_vs_one_of_a_sum",
    "ovo_per_class", "query_weights_of_scores", "samples_of_scores_not_kept",
    "weighted_quantile_bins",
    # scores
    "check_score_values", "check_scores", "check_threshold", "scores_needed",
    "threshold_for_matrix",
    # tallies
    "INT64_MAX", "check_batch", "check_confusion_matrix", "check_count_total",
    "check_dask_shapes", "check_mergeable", "check_total", "exact_total", "in_part",
    "merged_options", "no_batches", "not_dask", "samples_not_kept", "unknown_state_version",
    # targets
    "check_targets", "multilabel_unsupported",
    # weights
    "check_sample_weight",
]
