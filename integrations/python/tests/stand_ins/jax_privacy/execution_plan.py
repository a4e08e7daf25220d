"""Stand-in: BandMFConfig's fields (jax_privacy.execution_plan), no behaviour."""
from __future__ import annotations

import dataclasses
from typing import Any, Optional


@dataclasses.dataclass(frozen=True)
class BandMFConfig:
    iterations: int
    expected_participations: float
    strategy: Any
    noise_multiplier: Optional[float] = None
    l2_clip_norm: float = 1.0
    rescale_to_unit_norm: bool = True
    normalize_by: float = 1.0
    truncated_batch_size: Optional[int] = None
    num_examples: Optional[int] = None
    column_normalize: bool = False

    @property
    def num_bands(self) -> int:
        return len(self.strategy)
