"""The first lesson of ``notebooks/00_start_here.ipynb``: sums of dice and "at least once" odds."""
