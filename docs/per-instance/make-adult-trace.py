#!/usr/bin/env python3
"""Writes a per-instance trace (format dpbounds.per-instance-trace, version 1; see
docs/per-instance-trace.md) from a numpy DP-SGD loop: logistic regression on the bundled Adult
data. An example of producing the trace from your own training code, without our trainer
(`dpbounds train --instrument per-instance` writes the same format; docs/per-instance.md uses it).

It follows the reference trainer's recipe:
Poisson sampling, per-example clipping to C, Gaussian noise N(0, sigma^2 C^2) on the SUM of
clipped gradients, update theta -= lr * noisy_sum / expected_batch, and it records, at every
checkpoint s, the clipped gradient norm min(||g_s(x)||, C) of each target x on theta_s
(whether or not x is in that step's batch).

Encoding as in the closed-form-bounds paper (108 features): one-hot categoricals (with '?'
as its own category), z-scored numeric columns, label Salary == '>50K'.

Targets: 16 random records (seeded; most are typical, well-classified ones) and 4 outliers: the records with the largest
loss under a non-private logistic regression (confidently "misclassified": their label
contradicts what every similar record says), which keep a gradient at the clip norm.

Usage: python3 docs/per-instance/make-adult-trace.py [OUT.json] [path/to/adult.csv.gz]
(defaults: ./per-instance-trace.json and packages/sgd-instrumentation/data/adult.csv.gz).
numpy only; deterministic. Then:
  dpbounds per-instance --trace per-instance-trace.json --alpha 2,3,4,6,8,12,16,32,64 --delta 1e-5
"""
import gzip
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, '..', '..'))
OUT = sys.argv[1] if len(sys.argv) > 1 else 'per-instance-trace.json'
DATA = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, 'packages', 'sgd-instrumentation', 'data', 'adult.csv.gz')

CATEGORICAL = ['workclass', 'education', 'marital-status', 'occupation', 'relationship', 'race', 'sex', 'native-country']
NUMERIC = ['age', 'fnlwgt', 'education-num', 'capital-gain', 'capital-loss', 'hours-per-week']

# DP-SGD configuration (Opacus-style sum rule).
EXPECTED_BATCH = 256
EPOCHS = 5
NOISE_MULTIPLIER = 0.6
CLIP = 3.0
LEARNING_RATE = 2.0
CHECKPOINT_EVERY = 10
RUNS = 5
SEED = 20261122


def load():
    with gzip.open(DATA, 'rt') as f:
        lines = [line.rstrip('\n') for line in f if line.strip()]
    header = [h.strip() for h in lines[0].split(',')]
    rows = [[c.strip() for c in line.split(',')] for line in lines[1:]]
    col = {name: i for i, name in enumerate(header)}
    blocks = []
    for name in NUMERIC:
        v = np.array([float(r[col[name]]) for r in rows])
        blocks.append(((v - v.mean()) / v.std())[:, None])
    for name in CATEGORICAL:
        values = [r[col[name]] for r in rows]
        cats = sorted(set(values))
        index = {c: i for i, c in enumerate(cats)}
        onehot = np.zeros((len(rows), len(cats)))
        onehot[np.arange(len(rows)), [index[v] for v in values]] = 1.0
        blocks.append(onehot)
    x = np.hstack(blocks)
    y = np.array([1.0 if r[col['Salary']] == '>50K' else 0.0 for r in rows])
    return np.hstack([x, np.ones((len(rows), 1))]), y  # bias as a last constant feature


def per_example_norms(theta, x, y):
    p = 1.0 / (1.0 + np.exp(-(x @ theta)))
    return np.abs(p - y) * np.linalg.norm(x, axis=1)


def fit_nonprivate(x, y, iters=300, lr=1.0):
    theta = np.zeros(x.shape[1])
    for _ in range(iters):
        p = 1.0 / (1.0 + np.exp(-(x @ theta)))
        theta -= lr * (x.T @ (p - y)) / len(y)
    return theta


def main():
    x, y = load()
    n = len(y)
    q = EXPECTED_BATCH / n
    steps = int(round(EPOCHS / q))
    rng = np.random.default_rng(SEED)

    theta_np = fit_nonprivate(x, y)
    p = 1.0 / (1.0 + np.exp(-(x @ theta_np)))
    loss = -(y * np.log(p + 1e-300) + (1 - y) * np.log(1 - p + 1e-300))
    outliers = [int(i) for i in np.argsort(-loss)[:4]]
    pool = np.setdiff1d(np.arange(n), outliers)
    typical = [int(i) for i in rng.choice(pool, size=16, replace=False)]
    targets = typical + outliers
    labels = ['random'] * len(typical) + ['outlier'] * len(outliers)

    checkpoints = list(range(0, steps, CHECKPOINT_EVERY))
    runs = []
    accuracies = []
    for r in range(RUNS):
        run_rng = np.random.default_rng(SEED + 1 + r)
        theta = np.zeros(x.shape[1])
        rows = []
        for t in range(steps):
            if t % CHECKPOINT_EVERY == 0:
                norms = per_example_norms(theta, x[targets], y[targets])
                rows.append([float(min(v, CLIP)) for v in norms])
            batch = np.nonzero(run_rng.random(n) < q)[0]
            if len(batch) > 0:
                xb, yb = x[batch], y[batch]
                pb = 1.0 / (1.0 + np.exp(-(xb @ theta)))
                g = (pb - yb)[:, None] * xb
                g *= np.minimum(1.0, CLIP / np.maximum(np.linalg.norm(g, axis=1), 1e-300))[:, None]
                total = g.sum(axis=0)
            else:
                total = np.zeros_like(theta)
            noisy = total + run_rng.normal(0.0, NOISE_MULTIPLIER * CLIP, size=theta.shape)
            theta = theta - LEARNING_RATE * noisy / EXPECTED_BATCH
        accuracies.append(float(np.mean(((x @ theta) > 0) == (y > 0.5))))
        runs.append({'seed': SEED + 1 + r, 'gradientNorms': rows})

    trace = {
        'format': 'dpbounds.per-instance-trace',
        'version': 1,
        'updateRule': 'sum',
        'samplingRate': q,
        'noiseMultiplier': NOISE_MULTIPLIER,
        'clip': CLIP,
        'datasetSize': n,
        'steps': steps,
        'checkpointSteps': checkpoints,
        'records': [{'id': i, 'label': lab} for i, lab in zip(targets, labels)],
        'runs': runs,
        'meta': {
            'dataset': 'adult (bundled training split, 32561 records, 108 features)',
            'model': 'logistic regression',
            'expectedBatchSize': EXPECTED_BATCH,
            'epochs': EPOCHS,
            'learningRate': LEARNING_RATE,
            'trainAccuracyPerRun': accuracies,
            'producer': 'docs/per-instance/make-adult-trace.py',
        },
    }
    with open(OUT, 'w') as f:
        json.dump(trace, f, separators=(',', ':'))
        f.write('\n')
    print(f'wrote {OUT}: {len(targets)} records, {len(checkpoints)} checkpoints, {RUNS} runs, '
          f'T = {steps}, q = {q:.6f}, accuracy {np.mean(accuracies):.3f}')


if __name__ == '__main__':
    main()
