"""Dirac gradient canaries for a one-run audit of your own DP-SGD loop (Steinke, Nasr & Jagielski,
"Privacy Auditing with One (1) Training Run", NeurIPS 2023).

Canary j is the gradient ``C·e_{c_j}``: the clip norm C on its own coordinate c_j of the flattened
parameter vector (m distinct coordinates). Before training, a fair coin per canary decides its
bit: 1 = inserted, 0 = never inserted. At every step each canary is drawn into the batch with the
run's Poisson rate q (every canary draws, whatever its bit, so the stream does not depend on the
bits), and an inserted canary that is drawn adds C to its coordinate of the **sum of clipped
gradients, before the noise**. After the noise is added, the released noisy sum along each
canary's coordinate is recorded: a T × m matrix.

Files (:meth:`DiracCanaries.save`): ``released.npy`` (float64, shape (T, m): row t = step t,
column j = canary j, the noisy sum u_t[c_j] in gradient units, not divided by C) and
``canary-bits.npy`` (int64, shape (m,), 0/1), or CSV (``.csv``: T rows × m columns with a header
``c0,c1,…``; bits as a ``member`` column). Read by
``dpbounds audit --released released.npy --canary-bits canary-bits.npy --sampling-rate q
--noise-multiplier σ --steps T --delta δ --clip-norm C`` (and ``dpbounds report`` with the same
two flags), which scores each canary from its column alone.

The canaries assume flat clipping to C (Opacus' default ``clipping="flat"``) and Poisson
sampling at rate q, and are part of the trained model: train the model you release without them.
"""
from __future__ import annotations

import os
from typing import Any, List, Optional, Sequence, Tuple, Union

import numpy as np

from ._checks import finite_number, integer

PathLike = Union[str, os.PathLike]


def _numel(t: Any) -> int:
    return int(t.numel()) if hasattr(t, "numel") else int(np.size(t))


def _flat_view(t: Any) -> Any:
    """A flat view sharing memory with ``t`` (torch tensor or numpy array), never a copy."""
    if hasattr(t, "numel"):  # torch: view() refuses rather than copies
        return t.view(-1)
    v = t.reshape(-1)
    if not np.shares_memory(v, t):
        raise ValueError("a parameter's gradient array is not contiguous; cannot add the canaries in place")
    return v


class DiracCanaries:
    """m Dirac canaries for a model with ``parameters`` coordinates (see the module docstring).

    Per step, call :meth:`add_to` on the flat sum of clipped gradients before the noise, then
    :meth:`record` on the flat noisy sum (or the ``*_parameters`` variants on a list of per-
    parameter tensors, or :meth:`attach_to_opacus` once). Then :meth:`save`.

    >>> canaries = DiracCanaries(parameters=100, count=10, clip_norm=1.0, sampling_rate=0.1, seed=7)
    >>> total = np.zeros(100); _ = canaries.add_to(total)     # the clipped sum of the step
    >>> canaries.record(total + np.random.default_rng(1).normal(0, 1.0, 100))   # after the noise
    >>> canaries.released.shape
    (1, 10)
    """

    def __init__(self, *, parameters: int, count: int, clip_norm: float, sampling_rate: float, seed: int) -> None:
        self.parameters = integer("parameters", parameters, low=1)
        self.count = integer("count", count, low=1, high=self.parameters)
        self.clip_norm = finite_number("clip_norm", clip_norm, low=0, low_open=True)
        self.sampling_rate = finite_number("sampling_rate", sampling_rate, low=0, high=1, low_open=True)
        coords_seed, bits_seed, sampling_seed = np.random.SeedSequence(integer("seed", seed, low=0)).spawn(3)
        #: c_j, distinct coordinates of the flattened parameter vector (canary j's coordinate).
        self.coordinates: np.ndarray = np.random.default_rng(coords_seed).permutation(self.parameters)[: self.count].astype(np.int64)
        self._bits: np.ndarray = (np.random.default_rng(bits_seed).random(self.count) < 0.5).astype(np.int64)
        self._sampling = np.random.default_rng(sampling_seed)
        self._rows: List[np.ndarray] = []
        self._pending: Optional[np.ndarray] = None
        #: Number of canary gradients inserted so far (over all steps).
        self.inserted = 0

    # ---- one step -------------------------------------------------------------------------
    def draw(self) -> np.ndarray:
        """The canaries inserted at this step (bool mask of length m): drawn with rate q and bit 1."""
        if self._pending is not None:
            raise RuntimeError("record() the previous step's noisy sum before drawing the next step's canaries")
        drawn = self._sampling.random(self.count) < self.sampling_rate
        self._pending = drawn & (self._bits == 1)
        self.inserted += int(self._pending.sum())
        return self._pending

    def add_to(self, clipped_sum: Any) -> np.ndarray:
        """Adds this step's canaries (C on each inserted canary's coordinate) to the flat sum of
        clipped gradients, in place (a 1-D numpy array or torch tensor of length ``parameters``),
        before the noise. Returns the mask of inserted canaries."""
        self._check_length(clipped_sum)
        mask = self.draw()
        for c in self.coordinates[mask]:
            clipped_sum[int(c)] += self.clip_norm
        return mask

    def record(self, noisy_sum: Any) -> None:
        """Records the released noisy sum (flat, length ``parameters``) along each canary's coordinate."""
        self._check_length(noisy_sum)
        values = np.array([float(noisy_sum[int(c)]) for c in self.coordinates], dtype=np.float64)
        self._push(values)

    # ---- a model's parameters as a list of tensors (PyTorch) ----------------------------------
    def _locate(self, shapes: Sequence[int]) -> List[Tuple[int, int]]:
        total = int(sum(shapes))
        if total != self.parameters:
            raise ValueError(f"the tensors hold {total} numbers; the canaries were made for parameters = {self.parameters}")
        ends = np.cumsum(shapes)
        where = []
        for c in self.coordinates:
            k = int(np.searchsorted(ends, c, side="right"))
            where.append((k, int(c - (ends[k - 1] if k > 0 else 0))))
        return where

    def add_to_parameters(self, tensors: Sequence[Any]) -> np.ndarray:
        """:meth:`add_to` on a list of tensors (e.g. each parameter's summed clipped gradient, in
        ``model.parameters()`` order), flattened and concatenated; modified in place."""
        where = self._locate([_numel(t) for t in tensors])
        mask = self.draw()
        for j in np.flatnonzero(mask):
            k, offset = where[j]
            _flat_view(tensors[k])[offset] += self.clip_norm
        return mask

    def record_parameters(self, tensors: Sequence[Any]) -> None:
        """:meth:`record` on a list of tensors (each parameter's noisy sum, same order)."""
        where = self._locate([_numel(t) for t in tensors])
        self._push(np.array([float(tensors[k].reshape(-1)[offset]) for k, offset in where], dtype=np.float64))

    def attach_to_opacus(self, optimizer: Any) -> Any:
        """Wraps an Opacus ``DPOptimizer``'s ``add_noise`` so that every step inserts the canaries
        into ``p.summed_grad`` (the sum of clipped per-sample gradients) and, once the noise is
        added (``p.grad = p.summed_grad + noise``, before Opacus divides by the expected batch
        size), records ``p.grad`` along the canary coordinates. ``parameters`` must be
        ``sum(p.numel() for p in optimizer.params)``; the rate given to the canaries must be the
        loader's ``sample_rate``. Steps Opacus skips (gradient accumulation) call no ``add_noise``
        and record nothing. One process only: under DistributedDataParallel each worker holds a
        shard of the sum before the all-reduce, and AdaClip changes C during training; neither
        is what the audit assumes. Returns the optimizer."""
        inner = optimizer.add_noise

        def add_noise(*args: Any, **kwargs: Any) -> Any:
            params = list(optimizer.params)
            self.add_to_parameters([p.summed_grad for p in params])
            result = inner(*args, **kwargs)
            self.record_parameters([p.grad for p in params])
            return result

        optimizer.add_noise = add_noise
        return optimizer

    # ---- results ----------------------------------------------------------------------------
    @property
    def steps(self) -> int:
        """Steps recorded so far (T)."""
        return len(self._rows)

    @property
    def released(self) -> np.ndarray:
        """The released noisy sums along the canary coordinates, float64 of shape (T, m)."""
        return np.array(self._rows, dtype=np.float64).reshape(len(self._rows), self.count)

    @property
    def bits(self) -> np.ndarray:
        """The secret bits, int64 of shape (m,): 1 = canary inserted (a member), 0 = not."""
        return self._bits.copy()

    def save(self, released_path: PathLike = "released.npy", bits_path: PathLike = "canary-bits.npy") -> None:
        """Writes :attr:`released` and :attr:`bits` (``.npy``, or ``.csv`` by the file name)."""
        if self._pending is not None:
            raise RuntimeError("the last step's canaries were added but its noisy sum was never recorded")
        if self.steps == 0:
            raise RuntimeError("no step was recorded")
        write_released(released_path, self.released)
        write_canary_bits(bits_path, self.bits)

    # ---- internals --------------------------------------------------------------------------
    def _check_length(self, flat: Any) -> None:
        n = _numel(flat)
        if n != self.parameters or len(getattr(flat, "shape", (n,))) != 1:
            raise ValueError(f"expected a flat vector of length parameters = {self.parameters}; found shape {tuple(getattr(flat, 'shape', (n,)))}")

    def _push(self, values: np.ndarray) -> None:
        if self._pending is None:
            raise RuntimeError("add the step's canaries (add_to / add_to_parameters) before recording its noisy sum")
        bad = np.flatnonzero(~np.isfinite(values))
        if bad.size:
            raise ValueError(f"released value of canary {int(bad[0])} at step {self.steps} is not finite: {float(values[bad[0]])!r}")
        self._rows.append(values)
        self._pending = None


def write_released(path: PathLike, released: Any) -> None:
    """Writes a T × m matrix of released values: ``.npy`` float64, or ``.csv`` with header ``c0,…``."""
    a = np.asarray(released, dtype=np.float64)
    if a.ndim != 2 or a.size == 0:
        raise ValueError(f"released must be a non-empty T x m matrix; found shape {a.shape}")
    if not np.all(np.isfinite(a)):
        raise ValueError("released values must be finite")
    if str(path).lower().endswith(".csv"):
        with open(path, "w", encoding="utf-8") as f:
            f.write(",".join(f"c{j}" for j in range(a.shape[1])) + "\n")
            for row in a:
                f.write(",".join(repr(float(v)) for v in row) + "\n")
    else:
        np.save(path, a)


def write_canary_bits(path: PathLike, bits: Any) -> None:
    """Writes the 0/1 bits: ``.npy`` int64 of shape (m,), or ``.csv`` with a ``member`` column."""
    b = np.asarray(bits).reshape(-1)
    if b.size == 0 or not np.all((b == 0) | (b == 1)):
        raise ValueError("canary bits must be a non-empty list of 0/1")
    b = b.astype(np.int64)
    if str(path).lower().endswith(".csv"):
        with open(path, "w", encoding="utf-8") as f:
            f.write("member\n" + "".join(f"{int(v)}\n" for v in b))
    else:
        np.save(path, b)


def read_released(path: PathLike) -> np.ndarray:
    """Reads :func:`write_released`'s file back (T × m float64)."""
    if str(path).lower().endswith(".csv"):
        return np.atleast_2d(np.loadtxt(path, delimiter=",", skiprows=1, dtype=np.float64, ndmin=2))
    return np.load(path)


def read_canary_bits(path: PathLike) -> np.ndarray:
    """Reads :func:`write_canary_bits`'s file back (int64, shape (m,))."""
    if str(path).lower().endswith(".csv"):
        return np.loadtxt(path, skiprows=1, dtype=np.int64, ndmin=1)
    return np.load(path)


__all__ = ["DiracCanaries", "write_released", "write_canary_bits", "read_released", "read_canary_bits"]
