"""Attack inputs in the formats of ``dpbounds attack`` (docs/attacks.md), also read by
``dpbounds report --targets/--shadow``.

- targets: CSV ``id,score,member`` (or ``id,loss,member``): one row per target record; higher
  ``score`` = more likely a member, a ``loss`` is negated by dpbounds; ``member`` is 1 for a record
  the model trained on, 0 otherwise.
- shadow: CSV ``id,score,in``, one row per (target, shadow model) ("long" format) for LiRA.

An audit or an attack evaluated on these scores is only meaningful when each target's membership
was decided by a fair coin before training (:func:`fair_coin_membership`): members and
non-members must come from the same distribution.
"""
from __future__ import annotations

import csv
import os
from typing import Any, Dict, List, Optional, Sequence, Union

import numpy as np

PathLike = Union[str, os.PathLike]


def fair_coin_membership(count: int, rng: np.random.Generator) -> np.ndarray:
    """``count`` independent fair coins (int array of 0/1): 1 = train on the record, 0 = hold it out.

    >>> fair_coin_membership(4, np.random.default_rng(0)).tolist()  # doctest: +SKIP
    [1, 0, 0, 0]
    """
    return (rng.random(int(count)) < 0.5).astype(np.int64)


def _ids(ids: Optional[Sequence[Any]], n: int) -> List[Any]:
    if ids is None:
        return list(range(n))
    if len(ids) != n:
        raise ValueError(f"ids must have one entry per target ({n}); found {len(ids)}")
    out = [i.item() if isinstance(i, np.generic) else i for i in ids]
    if len({str(i) for i in out}) != n:
        raise ValueError("ids must be unique")
    return out


def _column(name: str, values: Any) -> np.ndarray:
    a = np.asarray(values, dtype=np.float64).reshape(-1)
    bad = np.flatnonzero(~np.isfinite(a))
    if bad.size:
        raise ValueError(f"{name}[{bad[0]}] must be a finite number; found {float(a[bad[0]])!r}")
    return a


def _flags(name: str, values: Any, n: int) -> np.ndarray:
    a = np.asarray(values).reshape(-1)
    if a.size != n:
        raise ValueError(f"{name} must have one entry per target ({n}); found {a.size}")
    values = a.tolist()
    bad = [i for i, v in enumerate(values) if v not in (0, 1, True, False)]
    if bad:
        raise ValueError(f"{name}[{bad[0]}] must be 0 or 1; found {values[bad[0]]!r}")
    return a.astype(np.int64)


def write_targets(path: PathLike, *, scores: Any = None, losses: Any = None, members: Any = None,
                  ids: Optional[Sequence[Any]] = None) -> int:
    """Writes ``--targets`` as CSV ``id,score,member`` (or ``id,loss,member`` with ``losses``).

    Give exactly one of ``scores`` (higher = more likely member) and ``losses`` (lower = more
    likely member). ``members`` (0/1 per target) is needed for AUC, TPR and the report; ``ids``
    default to 0, 1, …. Numbers are written with Python's round-tripping repr. Returns the row count.
    Read by ``dpbounds attack --method loss --targets PATH`` and ``dpbounds report --targets PATH``.
    """
    if (scores is None) == (losses is None):
        raise ValueError("give exactly one of scores and losses")
    column = "score" if scores is not None else "loss"
    values = _column(column, scores if scores is not None else losses)
    n = values.size
    if n == 0:
        raise ValueError(f"{column} must hold at least one target")
    member = None if members is None else _flags("members", members, n)
    names = _ids(ids, n)
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["id", column] + (["member"] if member is not None else []))
        for i in range(n):
            w.writerow([names[i], repr(float(values[i]))] + ([int(member[i])] if member is not None else []))
    return n


def write_shadow(path: PathLike, *, scores: Any, keep: Any, ids: Optional[Sequence[Any]] = None) -> int:
    """Writes ``--shadow`` (LiRA) as CSV ``id,score,in``, one row per (target, shadow model).

    ``scores[i, k]`` is shadow model k's score for target i (same scale as the target scores,
    e.g. the logit-scaled confidence); ``keep[i, k]`` is 1 when shadow model k trained on target i.
    ``ids`` must be those of the targets file (default 0, 1, …). Returns the row count.
    Read by ``dpbounds attack --method lira-online --targets T --shadow PATH``.
    """
    s = np.asarray(scores, dtype=np.float64)
    k = np.asarray(keep)
    if s.ndim != 2 or k.shape != s.shape:
        raise ValueError(f"scores and keep must be matrices of the same shape (targets x shadow models); found {s.shape} and {k.shape}")
    _column("scores", s)
    flags = _flags("keep", k, s.size).reshape(s.shape)
    names = _ids(ids, s.shape[0])
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["id", "score", "in"])
        for i in range(s.shape[0]):
            for j in range(s.shape[1]):
                w.writerow([names[i], repr(float(s[i, j])), int(flags[i, j])])
    return s.size


def read_table(path: PathLike) -> Dict[str, List[str]]:
    """A CSV file with a header as ``{column: [values as text]}``; for tests and quick checks."""
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    return {name: [r[j] for r in body] for j, name in enumerate(header)}


def loss_threshold_scores(losses: Any) -> np.ndarray:
    """The loss attack's score (Yeom et al. 2018): the negated loss, so that higher = more likely member."""
    return -_column("losses", losses)


__all__ = ["fair_coin_membership", "write_targets", "write_shadow", "read_table", "loss_threshold_scores"]
