"""The command line: its input (files, standard input, chunks) and the command."""
