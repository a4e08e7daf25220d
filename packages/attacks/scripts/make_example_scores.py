"""Writes test/fixtures/example-scores.csv, the score file of the README example.

400 targets, half members; the loss of a member is lower by 1.5 standard deviations on average
(so the loss-threshold attack has AUC about Phi(1.5 / sqrt 2) = 0.86). Run from this folder.
"""
import numpy as np

rng = np.random.default_rng(7)
n = 400
member = (np.arange(n) % 2 == 0).astype(int)
loss = np.abs(1.0 + 0.3 * rng.standard_normal(n) - 0.45 * member)
with open("../test/fixtures/example-scores.csv", "w") as f:
    f.write("id,loss,member\n")
    for i in range(n):
        f.write(f"ex{i},{loss[i]:.6f},{member[i]}\n")
