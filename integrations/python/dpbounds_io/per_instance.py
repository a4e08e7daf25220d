"""The per-instance trace (``"format": "dpbounds.per-instance-trace"``, version 2; see
docs/per-instance-trace.md): the clipped gradient norms ``min(‖∇ℓ(θ_s; x)‖, C)`` of a few target
records at checkpoint steps s of several DP-SGD runs, measured on θ_s before update s is applied,
whether or not the target is in step s's batch. Read by ``dpbounds per-instance --trace FILE``
and ``dpbounds report --per-instance-trace FILE``.

Runs that did not train on some targets (the other direction of per-instance RDP) name them in
``excluded_records``; they must keep the sampling rate and the number of steps of the others.
"""
from __future__ import annotations

import json
import os
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Union

import numpy as np

from ._checks import finite_number, integer

FORMAT = "dpbounds.per-instance-trace"
VERSION = 2
MAX_STEPS = 2 ** 30
#: Norms up to C·(1 + 1e-6) are accepted by dpbounds as round-off; larger ones are refused.
ROUND_OFF = 1e-6

Record = Union[int, str, Mapping[str, Any]]


def _record(i: int, r: Record) -> Dict[str, Any]:
    if isinstance(r, Mapping):
        unknown = set(r) - {"id", "label"}
        if unknown or "id" not in r:
            raise ValueError(f"records[{i}] must be {{'id': …, 'label'?: str}}; found {dict(r)!r}")
        out = {"id": _id(f"records[{i}].id", r["id"])}
        if r.get("label") is not None:
            out["label"] = str(r["label"])
        return out
    return {"id": _id(f"records[{i}]", r)}


def _id(name: str, value: Any) -> Union[int, str]:
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise TypeError(f"{name} must be an integer or a string; found {value!r}")
    return value


class PerInstanceTrace:
    """Collects the per-instance trace over one or more training runs.

    Per run: :meth:`start_run`, then at each checkpoint step s (see :meth:`is_checkpoint`), on the
    weights θ_s before the update, :meth:`record` the targets' per-example gradient norms (raw
    norms: they are clipped to C here). Then :meth:`write`.

    >>> trace = PerInstanceTrace(records=[3, 17], sampling_rate=0.01, noise_multiplier=1.0, clip=1.0,
    ...                          dataset_size=1000, steps=3, checkpoint_steps=[0, 2])
    >>> trace.start_run(seed=1)
    >>> trace.record(0, [0.5, 2.0]); trace.record(2, [0.25, 0.75])
    >>> trace.to_dict()["runs"][0]["gradientNorms"]
    [[0.5, 1.0], [0.25, 0.75]]
    """

    def __init__(self, *, records: Sequence[Record], sampling_rate: float, noise_multiplier: float, clip: float,
                 dataset_size: int, steps: int, checkpoint_steps: Iterable[int],
                 meta: Optional[Mapping[str, Any]] = None) -> None:
        self.records = [_record(i, r) for i, r in enumerate(records)]
        if not self.records:
            raise ValueError("records must name at least one target")
        keys = [(type(r["id"]).__name__, r["id"]) for r in self.records]
        if len(set(keys)) != len(keys):
            raise ValueError("record ids must be unique (the integer 3 and the string '3' are different ids)")
        self.sampling_rate = finite_number("sampling_rate", sampling_rate, low=0, high=1, low_open=True)
        self.noise_multiplier = finite_number("noise_multiplier", noise_multiplier, low=0, low_open=True)
        self.clip = finite_number("clip", clip, low=0, low_open=True)
        self.dataset_size = integer("dataset_size", dataset_size, low=1)
        self.steps = integer("steps", steps, low=1, high=MAX_STEPS)
        self.checkpoint_steps = [integer(f"checkpoint_steps[{i}]", s, low=0, high=self.steps - 1) for i, s in enumerate(checkpoint_steps)]
        if not self.checkpoint_steps:
            raise ValueError("checkpoint_steps must hold at least one step")
        for i in range(1, len(self.checkpoint_steps)):
            if self.checkpoint_steps[i] <= self.checkpoint_steps[i - 1]:
                raise ValueError(f"checkpoint_steps must be strictly increasing; found {self.checkpoint_steps[i - 1]} then {self.checkpoint_steps[i]}")
        self._checkpoints = set(self.checkpoint_steps)
        self.meta = dict(meta) if meta is not None else None
        self.runs: List[Dict[str, Any]] = []
        self._open: Optional[Dict[str, Any]] = None

    def is_checkpoint(self, step: int) -> bool:
        """True when ``step`` (0-based) is a checkpoint: measure the targets before that update."""
        return step in self._checkpoints

    def start_run(self, seed: int, excluded_records: Optional[Iterable[Any]] = None) -> None:
        """Starts a run with its seed; ``excluded_records`` are the ids of targets it did NOT train on."""
        run: Dict[str, Any] = {"seed": integer("seed", seed), "gradientNorms": []}
        if excluded_records is not None:
            known = {(type(r["id"]).__name__, r["id"]) for r in self.records}
            excluded = [_id("excluded_records[]", e) for e in excluded_records]
            for e in excluded:
                if (type(e).__name__, e) not in known:
                    raise ValueError(f"excluded_records names {e!r}, which is not one of the records")
            if len(set(excluded)) != len(excluded):
                raise ValueError("excluded_records must not repeat an id")
            run["excludedRecords"] = excluded
        self._close()
        self._open = run

    def record(self, step: int, norms: Any) -> None:
        """Records the targets' per-example gradient norms at checkpoint ``step`` (clipped to C here).

        ``norms`` has one entry per record, in the order of ``records``: the L2 norm of the whole
        per-example gradient (every parameter) on θ_step, before that step's update.
        """
        if self._open is None:
            raise RuntimeError("call start_run(seed) before record()")
        rows = self._open["gradientNorms"]
        if len(rows) >= len(self.checkpoint_steps) or self.checkpoint_steps[len(rows)] != step:
            expected = self.checkpoint_steps[len(rows)] if len(rows) < len(self.checkpoint_steps) else None
            raise ValueError(f"record() at step {step}, but the next checkpoint is {expected} (checkpoints are recorded once each, in order)")
        values = np.asarray(norms, dtype=np.float64).reshape(-1)
        if values.size != len(self.records):
            raise ValueError(f"norms must have one value per record ({len(self.records)}); found {values.size}")
        if not np.all(np.isfinite(values)) or np.any(values < 0):
            bad = int(np.flatnonzero(~(np.isfinite(values) & (values >= 0)))[0])
            raise ValueError(f"norms[{bad}] at step {step} must be a finite number >= 0; found {float(values[bad])!r}")
        rows.append([float(v) for v in np.minimum(values, self.clip)])

    def _close(self) -> None:
        if self._open is None:
            return
        got = len(self._open["gradientNorms"])
        if got != len(self.checkpoint_steps):
            raise RuntimeError(f"run with seed {self._open['seed']} recorded {got} of {len(self.checkpoint_steps)} checkpoints")
        self.runs.append(self._open)
        self._open = None

    def to_dict(self) -> Dict[str, Any]:
        """The trace as a dict (closes the current run, which must have every checkpoint)."""
        self._close()
        if not self.runs:
            raise RuntimeError("no run was recorded")
        out: Dict[str, Any] = {
            "format": FORMAT, "version": VERSION, "updateRule": "sum",
            "samplingRate": self.sampling_rate, "noiseMultiplier": self.noise_multiplier, "clip": self.clip,
            "datasetSize": self.dataset_size, "steps": self.steps, "checkpointSteps": list(self.checkpoint_steps),
            "records": self.records, "runs": self.runs,
        }
        if self.meta is not None:
            out["meta"] = self.meta
        return out

    def write(self, path: Union[str, os.PathLike]) -> Dict[str, Any]:
        """Writes the trace as JSON at ``path``; returns the dict.
        Read by ``dpbounds per-instance --trace PATH`` and ``dpbounds report --per-instance-trace PATH``."""
        value = self.to_dict()
        with open(path, "w", encoding="utf-8") as f:
            json.dump(value, f, separators=(",", ":"), allow_nan=False)
            f.write("\n")
        return value


__all__ = ["PerInstanceTrace"]
