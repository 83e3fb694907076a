"""Evaluations of Dask collections: tally each block where it lives, then add up.

The map step builds a tallies-only state per block (label discovery included);
the reduce step adds them in a tree, as ``a + b`` does. Only these small states
travel between workers, never the labels.
"""

from .. import validation as _validation


def evaluate(tally_block, add, y_true, y_pred, sample_weight):
    """The sum by ``add`` of ``tally_block(number, true, pred, weight)`` over aligned
    blocks."""
    try:
        import dask
    except ImportError:
        raise _validation.missing_extra("from_dask", "dask", "dask") from None
    parts = [dask.delayed(tally_block)(number, *block)
             for number, block in enumerate(_blocks(y_true, y_pred, sample_weight))]
    while len(parts) > 1:  # a balanced tree: depth log2(blocks)
        paired = [dask.delayed(add)(a, b) for a, b in zip(parts[0::2], parts[1::2])]
        parts = paired + parts[2 * len(paired):]  # an odd one out waits for the next level
    return parts[0].compute()


def _blocks(y_true, y_pred, sample_weight):
    """Triples of delayed blocks (true, pred, weight) holding the same samples."""
    import dask
    import dask.array as da
    import dask.dataframe as dd
    import pandas as pd

    named = {"y_true": y_true, "y_pred": y_pred}
    if sample_weight is not None:
        named["sample_weight"] = sample_weight
    for name, value in named.items():
        # a frame: the score columns of from_dask(..., scores=True)
        if not isinstance(value, (da.Array, dd.Series, dd.DataFrame)):
            raise _validation.not_dask(name, value)
    series = list(named.values())
    # columns of one frame: the same divisions, so the partitions hold the same rows (two
    # Series of as many partitions, cut at other places, hold others: rechunked below)
    if all(isinstance(s, (dd.Series, dd.DataFrame)) for s in series) and len({
            (s.npartitions, tuple(s.divisions)) for s in series}) == 1:
        blocks = [s.to_delayed() for s in series]
    else:
        arrays = {name: _as_array(value) for name, value in named.items()}
        _validation.check_dask_shapes({name: a.shape for name, a in arrays.items()})
        rows = arrays["y_true"].chunks[0]
        blocks = [a.rechunk((rows,) + a.shape[1:]).to_delayed().ravel() for a in arrays.values()]
        for position, value in enumerate(named.values()):
            if isinstance(value, dd.DataFrame):  # score columns: named by their classes
                blocks[position] = [dask.delayed(pd.DataFrame)(block, columns=list(value.columns))
                                    for block in blocks[position]]
    if sample_weight is None:
        blocks.append([None] * len(blocks[0]))
    return list(zip(*blocks))


def _as_array(value):
    import dask.array as da

    if not isinstance(value, da.Array):
        value = value.to_dask_array(lengths=True)
    elif any(size != size for size in value.shape):  # nan: chunk sizes unknown
        value = value.compute_chunk_sizes()
    return value
