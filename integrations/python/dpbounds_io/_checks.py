"""Argument checks shared by the writers: every refusal names the parameter, its range and the
value found, so a bad number stops the training script before a file is written."""
from __future__ import annotations

import math
from numbers import Integral, Real
from typing import Any, Optional


def finite_number(name: str, value: Any, *, low: Optional[float] = None, high: Optional[float] = None,
                  low_open: bool = False, high_open: bool = False) -> float:
    """``value`` as a Python float inside [low, high] (an end excluded when ``*_open``).

    >>> finite_number("delta", 1e-5, low=0, high=1, low_open=True, high_open=True)
    1e-05
    """
    if isinstance(value, bool) or not isinstance(value, Real):
        raise TypeError(f"{name} must be a number; found {value!r}")
    v = float(value)
    if not math.isfinite(v):
        raise ValueError(f"{name} must be a finite number; found {v!r}")
    if low is not None and (v < low or (low_open and v == low)):
        raise ValueError(f"{name} must be {'>' if low_open else '>='} {low:g}; found {v!r}")
    if high is not None and (v > high or (high_open and v == high)):
        raise ValueError(f"{name} must be {'<' if high_open else '<='} {high:g}; found {v!r}")
    return v


def integer(name: str, value: Any, *, low: Optional[int] = None, high: Optional[int] = None) -> int:
    """``value`` as a Python int inside [low, high] (numpy integers and integral floats accepted).

    >>> integer("steps", 3.0, low=1)
    3
    """
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an integer; found {value!r}")
    if isinstance(value, Integral):
        v = int(value)
    elif isinstance(value, Real) and math.isfinite(float(value)) and float(value).is_integer():
        v = int(value)
    else:
        raise TypeError(f"{name} must be an integer; found {value!r}")
    if low is not None and v < low:
        raise ValueError(f"{name} must be an integer >= {low}; found {v}")
    if high is not None and v > high:
        raise ValueError(f"{name} must be an integer <= {high}; found {v}")
    return v


def one_of(name: str, value: Any, allowed: tuple) -> Any:
    """``value`` if it is one of ``allowed``, else a ValueError listing them."""
    if value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(map(str, allowed))}; found {value!r}")
    return value
