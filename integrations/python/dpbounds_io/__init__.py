"""Files that dpbounds reads, written from a Python training loop (PyTorch, Opacus, JAX).

- :func:`write_run_file` / :func:`write_opacus_run_file` / :func:`write_bandmf_run_file`: the run
  file (``dpbounds report --run``), from numbers, an Opacus run or a jax_privacy BandMF config;
- :class:`PerInstanceTrace`: per-example gradient norms of targets (``dpbounds per-instance --trace``);
- :class:`DiracCanaries`: Dirac gradient canaries and their released values
  (``dpbounds audit --released --canary-bits``);
- :func:`write_targets`, :func:`write_shadow`: attack scores (``dpbounds attack --targets/--shadow``).

numpy only; the PyTorch helpers (:mod:`dpbounds_io.torch_utils`) import torch when called.
"""
from .attack_files import fair_coin_membership, loss_threshold_scores, read_table, write_shadow, write_targets
from .canaries import DiracCanaries, read_canary_bits, read_released, write_canary_bits, write_released
from .per_instance import PerInstanceTrace
from .run import (bandmf_run_file, opacus_run_file, read_run_file, run_file, write_bandmf_run_file,
                  write_opacus_run_file, write_run_file)

__version__ = "0.1.0"

__all__ = [
    "run_file", "write_run_file", "opacus_run_file", "write_opacus_run_file", "bandmf_run_file",
    "write_bandmf_run_file", "read_run_file",
    "PerInstanceTrace",
    "DiracCanaries", "write_released", "write_canary_bits", "read_released", "read_canary_bits",
    "write_targets", "write_shadow", "fair_coin_membership", "loss_threshold_scores", "read_table",
]
