#!/usr/bin/env python3
"""DP-SGD in plain PyTorch (no Opacus) on a slice of the bundled Adult data, writing every file
``dpbounds report`` reads, then running it.

What it does, all seeded:

1. Data: 2 000 records of packages/sgd-instrumentation/data/adult.csv.gz (the UCI Adult training
   split, CC BY 4.0; 108 features: z-scored numeric columns and one-hot categoricals), drawn at
   random. A fair coin per record decides membership: heads = training set, tails = held out. The
   attack's audit needs exactly this (members and non-members from the same distribution).
2. Model: a 108-16-2 MLP. DP-SGD as Opacus does it: Poisson batches at rate q, per-example
   gradients (``vmap(grad(·))``: torch.func on torch ≥ 2.0, functorch on 1.13, else a loop),
   clipping to C, Gaussian noise N(0, σ²C²) on the sum, update θ ← θ − lr·noisy_sum / (qN).
3. Dirac canaries (``DiracCanaries``): 400 canaries on 400 of the model's coordinates, each inserted
   with probability ½, joining each step's sum with probability q; the noisy sums along their
   coordinates are recorded → released.npy (T × 400) and canary-bits.npy.
4. Per-instance trace (``PerInstanceTrace``): the clipped gradient norms of 8 training records at
   every step of 3 runs with them and 2 runs without them → trace.json.
5. Attack targets (``write_targets``): the loss attack's scores (−loss) of the 2 000 records on the
   first run's model, with their membership → targets.csv.
6. The run file (``write_run_file``) → run.json, then ``dpbounds report`` (the one command line is
   :func:`report_command`).

Usage: python3 plain_pytorch.py [--out DIR] [--dpbounds "COMMAND"] [--no-report]
  --dpbounds  how to call the CLI (default: the repository's ./dpbounds launcher, else `dpbounds`)
  --no-report write the files and print the command line without running it
Runs in a few seconds on 2 cores (T = 92 steps per run, 5 runs; about 2.5 s here).
"""
from __future__ import annotations

import argparse
import gzip
import os
import shlex
import subprocess
import sys
from typing import List, Optional, Tuple

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # dpbounds_io, when run from a checkout
from dpbounds_io import DiracCanaries, PerInstanceTrace, fair_coin_membership, write_run_file, write_targets  # noqa: E402
from dpbounds_io.torch_utils import flatten_per_example, per_example_gradients  # noqa: E402

ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
DATA = os.path.join(ROOT, "packages", "sgd-instrumentation", "data", "adult.csv.gz")

SEED = 20261129
POOL = 2000            # records drawn from Adult; a fair coin splits them into members and held out
EXPECTED_BATCH = 64    # q = 64 / |members|
EPOCHS = 6
NOISE_MULTIPLIER = 1.0
CLIP = 1.0
LEARNING_RATE = 0.5
DELTA = 1e-5
CANARIES = 400
TARGETS = 8            # per-instance targets (training records)
RUNS_WITH, RUNS_WITHOUT = 3, 2

CATEGORICAL = ["workclass", "education", "marital-status", "occupation", "relationship", "race", "sex", "native-country"]
NUMERIC = ["age", "fnlwgt", "education-num", "capital-gain", "capital-loss", "hours-per-week"]


def load_adult(path: str = DATA) -> Tuple[np.ndarray, np.ndarray]:
    """The bundled Adult data: z-scored numeric columns, one-hot categoricals ('?' its own category), label >50K."""
    with gzip.open(path, "rt") as f:
        lines = [line.rstrip("\n") for line in f if line.strip()]
    header = [h.strip() for h in lines[0].split(",")]
    rows = [[c.strip() for c in line.split(",")] for line in lines[1:]]
    col = {name: i for i, name in enumerate(header)}
    blocks = []
    for name in NUMERIC:
        v = np.array([float(r[col[name]]) for r in rows])
        blocks.append(((v - v.mean()) / v.std())[:, None])
    for name in CATEGORICAL:
        values = [r[col[name]] for r in rows]
        index = {c: i for i, c in enumerate(sorted(set(values)))}
        onehot = np.zeros((len(rows), len(index)))
        onehot[np.arange(len(rows)), [index[v] for v in values]] = 1.0
        blocks.append(onehot)
    y = np.array([1 if r[col["Salary"]] == ">50K" else 0 for r in rows])
    return np.hstack(blocks), y


def make_model(features: int, seed: int) -> torch.nn.Module:
    torch.manual_seed(seed)
    return torch.nn.Sequential(torch.nn.Linear(features, 16), torch.nn.ReLU(), torch.nn.Linear(16, 2))


def loss_fn(logits: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
    return torch.nn.functional.cross_entropy(logits, labels, reduction="sum")


def train(x: torch.Tensor, y: torch.Tensor, *, seed: int, steps: int, q: float, canaries: DiracCanaries,
          trace: PerInstanceTrace, x_targets: torch.Tensor, y_targets: torch.Tensor) -> torch.nn.Module:
    """One DP-SGD run on (x, y): Poisson batches at rate q, clip to C, noise σC on the sum; the
    targets' per-example gradient norms are measured at each checkpoint (in the data or not)."""
    model = make_model(x.shape[1], seed)
    params = [p for p in model.parameters()]
    gen = np.random.default_rng(seed)  # batches and noise: independent of the canaries' own seed
    for step in range(steps):
        if trace.is_checkpoint(step):  # θ_step, before update step
            norms = flatten_per_example(per_example_gradients(model, loss_fn, x_targets, y_targets)).norm(dim=1)
            trace.record(step, norms.double().numpy())
        batch = np.flatnonzero(gen.random(len(x)) < q)
        if batch.size > 0:
            g = flatten_per_example(per_example_gradients(model, loss_fn, x[batch], y[batch])).double()
            g = g * torch.clamp(CLIP / (g.norm(dim=1, keepdim=True) + 1e-12), max=1.0)
            clipped_sum = g.sum(dim=0)
        else:
            clipped_sum = torch.zeros(sum(p.numel() for p in params), dtype=torch.float64)
        canaries.add_to(clipped_sum)                                   # before the noise
        noisy = clipped_sum + torch.from_numpy(gen.normal(0.0, NOISE_MULTIPLIER * CLIP, clipped_sum.shape))
        canaries.record(noisy)                                         # what the step releases
        with torch.no_grad():
            offset = 0
            for p in params:
                n = p.numel()
                p -= LEARNING_RATE * (noisy[offset : offset + n].view_as(p) / (q * len(x))).to(p.dtype)
                offset += n
    return model


def report_command(dpbounds: List[str], out: str) -> List[str]:
    """The one command line the example ends with (run in ``out``)."""
    return dpbounds + ["report", "--run", "run.json", "--targets", "targets.csv",
                       "--released", "released.npy", "--canary-bits", "canary-bits.npy",
                       "--per-instance-trace", "trace.json", "--out", "report", "--force"]


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default="plain-pytorch-run")
    launcher = os.path.join(ROOT, "dpbounds")
    parser.add_argument("--dpbounds", default=launcher if os.path.exists(launcher) else "dpbounds")
    parser.add_argument("--no-report", action="store_true")
    args = parser.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    torch.set_num_threads(1)

    rng = np.random.default_rng(SEED)
    x_all, y_all = load_adult()
    pool = rng.choice(len(y_all), size=POOL, replace=False)
    member = fair_coin_membership(POOL, rng)                   # 1 = trained on, decided by a fair coin
    x = torch.tensor(x_all[pool], dtype=torch.float32)
    y = torch.tensor(y_all[pool], dtype=torch.long)
    train_rows = np.flatnonzero(member == 1)
    n = len(train_rows)
    q = EXPECTED_BATCH / n
    steps = int(round(EPOCHS / q))
    parameters = sum(p.numel() for p in make_model(x.shape[1], 0).parameters())

    targets = rng.choice(n, size=TARGETS, replace=False)      # positions in the training set
    trace = PerInstanceTrace(records=[int(pool[train_rows[t]]) for t in targets], sampling_rate=q,
                             noise_multiplier=NOISE_MULTIPLIER, clip=CLIP, dataset_size=n, steps=steps,
                             checkpoint_steps=range(steps),
                             meta={"dataset": "adult (bundled), 2000-record slice", "model": "MLP 108-16-2",
                                   "producer": "integrations/python/examples/plain_pytorch.py"})
    x_train, y_train = x[train_rows], y[train_rows]
    keep = np.setdiff1d(np.arange(n), targets)                 # the training set without the targets
    first_model: Optional[torch.nn.Module] = None
    first_canaries: Optional[DiracCanaries] = None       # the report audits the first run
    for r in range(RUNS_WITH + RUNS_WITHOUT):
        seed = SEED + 1 + r
        canaries = DiracCanaries(parameters=parameters, count=CANARIES, clip_norm=CLIP, sampling_rate=q, seed=seed)
        x_targets, y_targets = x_train[targets], y_train[targets]
        if r < RUNS_WITH:
            trace.start_run(seed)
            model = train(x_train, y_train, seed=seed, steps=steps, q=q, canaries=canaries, trace=trace,
                          x_targets=x_targets, y_targets=y_targets)
        else:  # same q and T on the data without the targets; the targets are measured on its models
            trace.start_run(seed, excluded_records=[int(pool[train_rows[t]]) for t in targets])
            model = train(x_train[keep], y_train[keep], seed=seed, steps=steps, q=q, canaries=canaries, trace=trace,
                          x_targets=x_targets, y_targets=y_targets)
        if r == 0:
            first_model, first_canaries = model, canaries
    assert first_model is not None and first_canaries is not None

    with torch.no_grad():                                      # the attack on the first run's model
        losses = torch.nn.functional.cross_entropy(first_model(x), y, reduction="none").double().numpy()
        accuracy = (first_model(x).argmax(dim=1) == y).double().numpy()
    write_targets(os.path.join(args.out, "targets.csv"), losses=losses, members=member, ids=[int(i) for i in pool])
    first_canaries.save(os.path.join(args.out, "released.npy"), os.path.join(args.out, "canary-bits.npy"))
    trace.write(os.path.join(args.out, "trace.json"))
    held_out = member == 0
    write_run_file(os.path.join(args.out, "run.json"), name="adult-mlp-plain-pytorch", sampling_rate=q,
                   batch_size=EXPECTED_BATCH, dataset_size=n,
                   noise_multiplier=NOISE_MULTIPLIER, steps=steps, delta=DELTA, clip_norm=CLIP, parameters=parameters,
                   framework=f"torch {torch.__version__} (plain PyTorch, no Opacus)",
                   description={"dataset": "adult, 2000-record slice, members by a fair coin", "trainingRecords": n,
                                "canaries": CANARIES, "learningRate": LEARNING_RATE},
                   utility={"test_accuracy": float(accuracy[held_out].mean()), "train_accuracy": float(accuracy[~held_out].mean()),
                            "test_size": int(held_out.sum())})
    print(f"wrote {args.out}/: run.json (q = {q!r}, sigma = {NOISE_MULTIPLIER}, T = {steps}), targets.csv ({POOL} targets, "
          f"{n} members), released.npy ({steps} x {CANARIES}), canary-bits.npy, trace.json ({TARGETS} records, "
          f"{RUNS_WITH}+{RUNS_WITHOUT} runs); held-out accuracy {accuracy[held_out].mean():.3f}")

    command = report_command(shlex.split(args.dpbounds), args.out)
    print("$ (cd " + shlex.quote(args.out) + " && " + " ".join(shlex.quote(w) for w in command) + ")")
    if args.no_report:
        return 0
    return subprocess.run(command, cwd=args.out).returncode



if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
