"""The run file (``"format": "dpbounds.run"``, version 1): what ``dpbounds report --run`` reads.

It holds what ``dpbounds dp`` takes (sampling rate, noise multiplier, steps or a schedule, the
batch sampler, delta) plus context (clip norm, parameter count, framework). Field names are the
run file's camelCase names; the Python arguments are their snake_case spellings.

Two writers: :func:`write_run_file` from the numbers, and :func:`write_opacus_run_file` from an
Opacus ``DPOptimizer`` (with its ``PrivacyEngine`` and data loader), which reads the same
attributes Opacus' own accountant uses.
"""
from __future__ import annotations

import json
import os
from numbers import Integral
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from ._checks import finite_number, integer, one_of

FORMAT = "dpbounds.run"
VERSION = 1
SAMPLERS = ("poisson", "fixed-size", "shuffle", "balls-in-bins", "truncated-poisson")
PARTICIPATIONS = ("cyclic", "balls-in-bins", "poisson-in-group")

#: One phase of a schedule: ``(noise_multiplier, sampling_rate, steps)`` as in Opacus'
#: ``accountant.history``, or a mapping with the run file's names.
Phase = Union[Tuple[float, float, int], Sequence[float], Mapping[str, Any]]


def _phase(i: int, entry: Phase) -> Dict[str, Any]:
    where = f"history[{i}]"
    if isinstance(entry, Mapping):
        unknown = set(entry) - {"noiseMultiplier", "samplingRate", "steps"}
        if unknown:
            raise ValueError(f"{where} has unknown keys {sorted(unknown)}; the keys are noiseMultiplier, samplingRate, steps")
        sigma, q, t = entry.get("noiseMultiplier"), entry.get("samplingRate"), entry.get("steps")
    else:
        if len(entry) != 3:
            raise ValueError(f"{where} must be (noise_multiplier, sample_rate, steps) as in Opacus' accountant.history; found {entry!r}")
        sigma, q, t = entry
    return {
        "noiseMultiplier": finite_number(f"{where}.noiseMultiplier", sigma, low=0, low_open=True),
        "samplingRate": finite_number(f"{where}.samplingRate", q, low=0, high=1, low_open=True),
        "steps": integer(f"{where}.steps", t, low=1),
    }


def _sampler(sampler: Union[str, Mapping[str, Any], None]) -> Union[str, Dict[str, Any], None]:
    if sampler is None or isinstance(sampler, str):
        return None if sampler is None else one_of("sampler", sampler, SAMPLERS)
    out: Dict[str, Any] = {}
    names = {"kind": "kind", "max_batch_size": "maxBatchSize", "maxBatchSize": "maxBatchSize",
             "batches_per_epoch": "batchesPerEpoch", "batchesPerEpoch": "batchesPerEpoch",
             "drop_last": "dropLast", "dropLast": "dropLast"}
    for key, value in sampler.items():
        if key not in names:
            raise ValueError(f"sampler has an unknown key {key!r}; the keys are kind, max_batch_size, batches_per_epoch, drop_last")
        field = names[key]
        if field == "kind":
            out[field] = one_of("sampler.kind", value, SAMPLERS)
        elif field == "dropLast":
            if not isinstance(value, bool):
                raise TypeError(f"sampler.dropLast must be True or False; found {value!r}")
            out[field] = value
        else:
            out[field] = integer(f"sampler.{field}", value, low=1)
    return out


def _banded(banded: Mapping[str, Any]) -> Dict[str, Any]:
    names = {"band_values": "bandValues", "bandValues": "bandValues", "strategy": "strategy", "bands": "bands",
             "participation": "participation", "min_separation": "minSeparation", "minSeparation": "minSeparation"}
    out: Dict[str, Any] = {}
    for key, value in banded.items():
        if key not in names:
            raise ValueError(f"banded_matrix has an unknown key {key!r}; the keys are band_values, strategy, bands, participation, min_separation")
        field = names[key]
        if field == "bandValues":
            values = [finite_number(f"bandedMatrix.bandValues[{j}]", v) for j, v in enumerate(value)]
            if not values or not values[0] > 0:
                raise ValueError(f"bandedMatrix.bandValues must be a non-empty list starting with the main-diagonal value > 0; found {values!r}")
            out[field] = values
        elif field == "strategy":
            if not isinstance(value, str):
                raise TypeError(f"bandedMatrix.strategy must be the path of a strategy file (JSON {{\"bands\": …}} or {{\"columnNorms\": …}}), relative to the run file; found {value!r}")
            out[field] = value
        elif field == "participation":
            out[field] = one_of("bandedMatrix.participation", value, PARTICIPATIONS)
        else:
            out[field] = integer(f"bandedMatrix.{field}", value, low=1)
    if "participation" not in out:
        raise ValueError("banded_matrix needs participation (cyclic, balls-in-bins or poisson-in-group)")
    if ("bandValues" in out) == ("strategy" in out):
        raise ValueError("banded_matrix needs exactly one of band_values (a Toeplitz strategy, one value per diagonal) and strategy (a file)")
    return out


def _consistent(rate: float, batch_size: Any, dataset_size: Any) -> bool:
    """True when rate = batch_size / dataset_size to 1e-12 relative, the tolerance dpbounds applies."""
    implied = float(batch_size) / float(dataset_size)
    return abs(rate - implied) <= 1e-12 * implied


def run_file(*, delta: float, sampling_rate: Optional[float] = None, noise_multiplier: Optional[float] = None,
             steps: Optional[int] = None, history: Optional[Iterable[Phase]] = None,
             batch_size: Optional[int] = None, dataset_size: Optional[int] = None,
             sampler: Union[str, Mapping[str, Any], None] = None, mechanism: Optional[str] = None,
             banded_matrix: Optional[Mapping[str, Any]] = None, neighbouring: Optional[str] = None,
             clip_norm: Optional[float] = None, parameters: Optional[int] = None, name: Optional[str] = None,
             framework: Optional[str] = None, description: Optional[Mapping[str, Any]] = None,
             utility: Optional[Mapping[str, Any]] = None) -> Dict[str, Any]:
    """The run file as a dict (checked; every number a plain Python int or float).

    ``history`` is a schedule: Opacus' ``accountant.history`` (a list of
    ``(noise_multiplier, sample_rate, steps)``) or dicts with the run file's names. A schedule of
    one phase is written as plain ``samplingRate``/``noiseMultiplier``/``steps``; several phases
    as ``history`` (named objects; Poisson sampling only).

    Raises ValueError / TypeError naming the field, its range and the value found.

    >>> run_file(sampling_rate=0.01, noise_multiplier=1.0, steps=1000, delta=1e-5)["steps"]
    1000
    """
    out: Dict[str, Any] = {"format": FORMAT, "version": VERSION}
    if name is not None:
        out["name"] = str(name)
    if framework is not None:
        out["framework"] = str(framework)
    mech = one_of("mechanism", mechanism or "dp-sgd", ("dp-sgd", "banded-matrix"))
    if mechanism is not None:
        out["mechanism"] = mech
    phases = None if history is None else [_phase(i, e) for i, e in enumerate(history)]
    if phases is not None:
        if not phases:
            raise ValueError("history must have at least one phase (noise_multiplier, sample_rate, steps)")
        if sampling_rate is not None or noise_multiplier is not None or steps is not None:
            raise ValueError("give history or sampling_rate / noise_multiplier / steps, not both")
        if len(phases) == 1:
            sampling_rate, noise_multiplier, steps = phases[0]["samplingRate"], phases[0]["noiseMultiplier"], phases[0]["steps"]
            phases = None
    if mech == "banded-matrix":
        if banded_matrix is None:
            raise ValueError('mechanism "banded-matrix" needs banded_matrix (participation and band_values or strategy)')
        if sampling_rate is not None or phases is not None or sampler is not None:
            raise ValueError('sampling_rate, history and sampler do not apply to mechanism "banded-matrix" (records join steps by banded_matrix participation)')
    elif banded_matrix is not None:
        raise ValueError('banded_matrix needs mechanism="banded-matrix"')
    if sampling_rate is not None:
        out["samplingRate"] = finite_number("samplingRate", sampling_rate, low=0, high=1, low_open=True)
        # a Poisson rate may stand beside the sizes (Opacus: 1/len(loader), not b/N; the sizes are
        # context); every other sampler is priced from b and N, so a rate must agree with b/N
        kind = _sampler(sampler)
        kind = kind if isinstance(kind, str) or kind is None else kind.get("kind", "poisson")
        if kind not in (None, "poisson") and batch_size is not None and dataset_size is not None and not _consistent(out["samplingRate"], batch_size, dataset_size):
            raise ValueError(f"sampling_rate {out['samplingRate']!r} contradicts batch_size / dataset_size = {batch_size}/{dataset_size}; "
                             f"sampler {kind!r} is priced from the sizes: leave sampling_rate out")
    if batch_size is not None:
        out["batchSize"] = integer("batchSize", batch_size, low=1)
    if dataset_size is not None:
        out["datasetSize"] = integer("datasetSize", dataset_size, low=1)
    if phases is not None:
        checked = _sampler(sampler)
        kind = checked if isinstance(checked, str) or checked is None else checked.get("kind", "poisson")
        if kind not in (None, "poisson"):
            raise ValueError(f"history is priced for Poisson sampling only; found sampler {kind!r}")
        out["history"] = phases
    else:
        if noise_multiplier is None or steps is None:
            raise ValueError("noise_multiplier and steps are required (or give history)")
        out["noiseMultiplier"] = finite_number("noiseMultiplier", noise_multiplier, low=0, low_open=True)
        out["steps"] = integer("steps", steps, low=1)
        if mech == "dp-sgd" and sampling_rate is None and (batch_size is None or dataset_size is None):
            raise ValueError("give sampling_rate, or batch_size with dataset_size")
    if sampler is not None:
        out["sampler"] = _sampler(sampler)
    if banded_matrix is not None:
        out["bandedMatrix"] = _banded(banded_matrix)
    out["delta"] = finite_number("delta", delta, low=0, high=1, low_open=True, high_open=True)
    if neighbouring is not None:
        out["neighbouring"] = one_of("neighbouring", neighbouring, ("add-remove", "substitution"))
    if clip_norm is not None:
        out["clipNorm"] = finite_number("clipNorm", clip_norm, low=0, low_open=True)
    if parameters is not None:
        out["parameters"] = integer("parameters", parameters, low=1)
    if description is not None:
        desc: Dict[str, Any] = {}
        for key, value in description.items():
            if isinstance(value, Integral) and not isinstance(value, bool):
                value = int(value)  # numpy integers too; an integer stays an integer
            elif value is not None and not isinstance(value, (str, bool)):
                value = finite_number(f"description.{key}", value)
            desc[str(key)] = value
        out["description"] = desc
    if utility is not None:
        util: Dict[str, Any] = {}
        names = {"test_accuracy": "testAccuracy", "testAccuracy": "testAccuracy", "train_accuracy": "trainAccuracy",
                 "trainAccuracy": "trainAccuracy", "test_size": "testSize", "testSize": "testSize"}
        for key, value in utility.items():
            if key not in names:
                raise ValueError(f"utility has an unknown key {key!r}; the keys are test_accuracy, train_accuracy, test_size")
            field = names[key]
            if value is None:
                util[field] = None
            elif field == "testSize":
                util[field] = integer("utility.testSize", value, low=0)
            else:
                util[field] = finite_number(f"utility.{field}", value, low=0, high=1)
        out["utility"] = util
    return out


def _write_json(path: Union[str, os.PathLike], value: Any) -> None:
    with open(path, "w", encoding="utf-8") as f:
        # allow_nan=False: JSON has no NaN/Infinity; the checks above make this unreachable
        json.dump(value, f, indent=2, allow_nan=False)
        f.write("\n")


def write_run_file(path: Union[str, os.PathLike], **fields: Any) -> Dict[str, Any]:
    """Writes :func:`run_file` (same keyword arguments) as JSON at ``path``; returns the dict.

    Read by ``dpbounds report --run PATH``. Floats are written with Python's shortest
    round-tripping repr, so the file holds exactly the numbers the training used.

    >>> write_run_file("run.json", sampling_rate=256 / 60000, noise_multiplier=1.1, steps=2344, delta=1e-5)  # doctest: +SKIP
    """
    value = run_file(**fields)
    _write_json(path, value)
    return value


def _versions() -> str:
    words = []
    for module in ("opacus", "torch"):
        try:
            words.append(f"{module} {__import__(module).__version__}")
        except Exception:  # not installed (a stand-in in tests): say nothing rather than guess
            pass
    return ", ".join(words)


def opacus_run_file(optimizer: Any, data_loader: Any = None, *, delta: float, privacy_engine: Any = None,
                    accountant: Any = None, steps: Optional[int] = None, **fields: Any) -> Dict[str, Any]:
    """The run file of an Opacus run, read from the objects ``make_private`` returned.

    Reads (Opacus 1.x attribute names): ``optimizer.noise_multiplier`` (σ),
    ``optimizer.max_grad_norm`` (C; per-layer clipping stores the overall norm there),
    ``optimizer.expected_batch_size``, ``optimizer.params`` (the parameter count),
    ``data_loader.sample_rate`` (a ``DPDataLoader``, i.e. ``poisson_sampling=True``) and
    ``len(data_loader.dataset)``, and ``privacy_engine.accountant.history`` (or ``accountant``),
    the list ``[(σ, q, steps), …]`` Opacus' accountant prices. T is the sum of its steps; without
    an accountant give ``steps``.

    A loader without ``sample_rate`` is not Poisson (``poisson_sampling=False``: shuffled batches of
    ``batch_size``); the run file then says ``"sampler": "shuffle"`` with the batch and dataset
    sizes, which dpbounds prices as such (Opacus' own ε assumes Poisson).

    Other keyword arguments (``name``, ``neighbouring``, ``description``, ``utility``, …) are
    passed to :func:`run_file`.
    """
    if accountant is None and privacy_engine is not None:
        accountant = getattr(privacy_engine, "accountant", None)
    history = [tuple(h) for h in (getattr(accountant, "history", None) or [])]
    sigma = getattr(optimizer, "noise_multiplier")
    clip = getattr(optimizer, "max_grad_norm", None)
    if isinstance(clip, (list, tuple)):
        clip = None  # a per-layer list before DPPerLayerOptimizer combined it: leave C out rather than guess
    batch = getattr(optimizer, "expected_batch_size", None)
    params = getattr(optimizer, "params", None)
    if params is None and hasattr(optimizer, "param_groups"):
        params = [p for group in optimizer.param_groups for p in group["params"]]
    count = sum(int(p.numel()) for p in params if getattr(p, "requires_grad", True)) if params is not None else None
    dataset = getattr(data_loader, "dataset", None)
    dataset_size = len(dataset) if dataset is not None else None
    poisson = data_loader is None or getattr(data_loader, "sample_rate", None) is not None
    total = sum(int(t) for _, _, t in history) if history else None
    if steps is not None and total is not None and integer("steps", steps, low=1) != total:
        raise ValueError(f"steps = {steps} disagrees with the accountant's history, which counts {total} steps")
    if total is None and steps is None:
        raise ValueError("give steps (the number of optimizer steps taken): no accountant history was found")
    out: Dict[str, Any] = dict(fields)
    out.setdefault("framework", _versions() or None)
    if out["framework"] is None:
        del out["framework"]
    if clip is not None:
        out.setdefault("clip_norm", clip)
    if count:
        out.setdefault("parameters", count)
    if dataset_size is not None:
        out.setdefault("dataset_size", dataset_size)
    if poisson:
        rates = {float(q) for _, q, _ in history} if history else {float(getattr(data_loader, "sample_rate", None) or 0)}
        rates.discard(0.0)
        if not rates:
            raise ValueError("the sampling rate is unknown: pass the DPDataLoader (its sample_rate) or the privacy engine (its accountant's history)")
        if batch is not None and "batch_size" not in out and dataset_size is not None:
            # Opacus: q = 1/len(loader) and expected_batch_size = int(N q), so b/N is rarely q exactly;
            # dpbounds prices the rate and keeps the sizes as context (μ-GMIP uses them)
            out["batch_size"] = int(batch)
        elif "batch_size" not in out:
            out.pop("dataset_size", None)
        if history:
            return run_file(delta=delta, history=history, **out)
        return run_file(delta=delta, sampling_rate=rates.pop(), noise_multiplier=sigma, steps=steps, **out)
    sigmas = {float(s) for s, _, _ in history}
    if len(sigmas) > 1:
        raise ValueError("a schedule of noise multipliers (several history phases) is priced for Poisson sampling only, and this loader is not a DPDataLoader")
    loader_batch = getattr(data_loader, "batch_size", None)
    out.setdefault("batch_size", loader_batch if loader_batch is not None else batch)
    sampler: Dict[str, Any] = {"kind": "shuffle"}
    if getattr(data_loader, "drop_last", False):
        sampler["dropLast"] = True
    return run_file(delta=delta, noise_multiplier=sigmas.pop() if sigmas else sigma, steps=total if total is not None else steps,
                    sampler=sampler, **out)


def write_opacus_run_file(path: Union[str, os.PathLike], optimizer: Any, data_loader: Any = None, *, delta: float,
                          **options: Any) -> Dict[str, Any]:
    """Writes :func:`opacus_run_file` as JSON at ``path`` (read by ``dpbounds report --run``); returns the dict.

    Call it after training, e.g.
    ``write_opacus_run_file("run.json", optimizer, train_loader, privacy_engine=engine, delta=1e-5)``.
    """
    value = opacus_run_file(optimizer, data_loader, delta=delta, **options)
    _write_json(path, value)
    return value


def bandmf_run_file(config: Any, *, dataset_size: int, delta: float, **fields: Any) -> Dict[str, Any]:
    """The run file of a jax_privacy amplified BandMF run, from its ``BandMFConfig``
    (``jax_privacy.execution_plan``; read: ``iterations``, ``expected_participations``,
    ``strategy``, ``noise_multiplier``, ``l2_clip_norm``, ``column_normalize``,
    ``truncated_batch_size``, ``num_examples``) and the dataset size N.

    jax_privacy releases C·G + Z with C the Toeplitz strategy (coefficients ``strategy``, b of
    them), Z of standard deviation ``noise_multiplier`` × clip norm × ‖strategy‖₂, and batches
    from ``CyclicPoissonSampling``: the records split into b groups, step i Poisson-samples group
    i mod b at p = expected_participations · b / iterations. In the run file that is
    ``mechanism: "banded-matrix"``, ``bandValues`` = strategy / ‖strategy‖₂ (the same mechanism
    at unit column norm), ``noiseMultiplier`` = noise_multiplier, ``participation:
    "poisson-in-group"`` with ``minSeparation`` = b and the sizes N and B = p·N/b (so that
    kB/N = p), ``steps`` = iterations.

    Refused (ValueError): ``truncated_batch_size`` (truncated Poisson), ``column_normalize=True``
    (another strategy), ``num_examples`` (jax_privacy then uses the zero-out relation with equal
    groups), a config without ``noise_multiplier`` (call ``calibrate`` first), and a B that is
    not an integer. Other keyword arguments go to :func:`run_file`.
    """
    if getattr(config, "truncated_batch_size", None):
        raise ValueError("truncated_batch_size is set: dpbounds prices untruncated Poisson sampling within groups only")
    if getattr(config, "column_normalize", False):
        raise ValueError("column_normalize=True changes the strategy per column; describe the strategy with a strategy file instead")
    if getattr(config, "num_examples", None) is not None:
        raise ValueError("num_examples is set: jax_privacy then uses equal groups and the zero-out relation, which the run file does not describe")
    sigma = getattr(config, "noise_multiplier", None)
    if sigma is None:
        raise ValueError("noise_multiplier is not set: call config.calibrate(epsilon=…, delta=…) or give it")
    values = [finite_number(f"strategy[{j}]", v) for j, v in enumerate(list(config.strategy))]
    norm = float(sum(v * v for v in values)) ** 0.5
    if not values or not norm > 0:
        raise ValueError(f"strategy must hold at least one non-zero coefficient; found {values!r}")
    bands = len(values)
    iterations = integer("iterations", config.iterations, low=1)
    n = integer("dataset_size", dataset_size, low=1)
    participations = finite_number("expected_participations", config.expected_participations, low=0, low_open=True)
    batch = participations * n / iterations  # B = p N / b with p = E b / iterations
    if abs(batch - round(batch)) > 1e-9 * max(1.0, batch):
        raise ValueError(f"the expected batch size B = expected_participations * N / iterations = {batch!r} is not an integer; "
                         "dpbounds' poisson-in-group takes integer B and N with rate b*B/N")
    out = dict(fields)
    out.setdefault("clip_norm", getattr(config, "l2_clip_norm", 1.0))
    out.setdefault("framework", "jax_privacy BandMFConfig")
    return run_file(mechanism="banded-matrix", noise_multiplier=sigma, steps=iterations, delta=delta,
                    batch_size=int(round(batch)), dataset_size=n,
                    banded_matrix={"band_values": [v / norm for v in values], "participation": "poisson-in-group",
                                   "min_separation": bands}, **out)


def write_bandmf_run_file(path: Union[str, os.PathLike], config: Any, *, dataset_size: int, delta: float,
                          **fields: Any) -> Dict[str, Any]:
    """Writes :func:`bandmf_run_file` as JSON at ``path`` (read by ``dpbounds report --run``); returns the dict."""
    value = bandmf_run_file(config, dataset_size=dataset_size, delta=delta, **fields)
    _write_json(path, value)
    return value


def read_run_file(path: Union[str, os.PathLike]) -> Dict[str, Any]:
    """Reads a run file back (JSON) and checks its format tag and version; for tests and tools."""
    with open(path, encoding="utf-8") as f:
        value = json.load(f)
    if not isinstance(value, dict) or value.get("format") != FORMAT or value.get("version") != VERSION:
        raise ValueError(f"{path}: not a {FORMAT} version {VERSION} file")
    return value


__all__: List[str] = ["run_file", "write_run_file", "opacus_run_file", "write_opacus_run_file", "bandmf_run_file",
                       "write_bandmf_run_file", "read_run_file"]
