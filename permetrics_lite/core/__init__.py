"""The state of an evaluation: labels encoded and tallied, the query options, sums."""
