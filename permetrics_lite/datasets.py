"""The bundled demo data set."""

from importlib import resources

import pandas as pd


def load_demo():
    """Predictions of a support-ticket router on 600 tickets (five classes).

    A synthetic but realistic data set: imbalanced classes (``billing`` is
    five times as common as ``other``), a vague ``other`` class that the model
    gets wrong most of the time, and ``account`` tickets confused with
    ``billing`` and ``technical``.

    Returns
    -------
    DataFrame
        Columns ``ticket_id`` (int), ``true`` and ``pred`` (str).

    Examples
    --------
    >>> from permetrics_lite import load_demo
    >>> tickets = load_demo()
    >>> tickets.shape
    (600, 3)
    >>> sorted(tickets["true"].unique())
    ['account', 'billing', 'other', 'shipping', 'technical']
    """
    source = resources.files("permetrics_lite") / "data" / "support_tickets.csv"
    with source.open("r", encoding="utf-8") as handle:
        return pd.read_csv(handle)
