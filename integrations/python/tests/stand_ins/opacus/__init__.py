"""Stand-in for Opacus 1.x (see ../README.md): the names make_private returns, for tests only."""
from __future__ import annotations

from typing import Any, Callable, List, Optional

import torch

__version__ = "stand-in"


class _Accountant:
    """history = [(noise_multiplier, sample_rate, steps), …], equal consecutive phases merged (as RDPAccountant.step)."""

    def __init__(self) -> None:
        self.history: List[tuple] = []

    def step(self, *, noise_multiplier: float, sample_rate: float) -> None:
        if self.history and self.history[-1][:2] == (noise_multiplier, sample_rate):
            s, q, t = self.history.pop()
            self.history.append((s, q, t + 1))
        else:
            self.history.append((noise_multiplier, sample_rate, 1))

    def __len__(self) -> int:
        return sum(t for _, _, t in self.history)


class DPDataLoader:
    """Poisson batches: each record joins each batch independently with probability sample_rate."""

    def __init__(self, dataset: Any, sample_rate: float, generator: Optional[torch.Generator] = None) -> None:
        self.dataset, self.sample_rate, self.generator = dataset, sample_rate, generator
        self._len = int(round(1 / sample_rate))

    def __len__(self) -> int:
        return self._len

    def __iter__(self):
        n = len(self.dataset)
        for _ in range(self._len):
            idx = torch.nonzero(torch.rand(n, generator=self.generator) < self.sample_rate).flatten()
            yield self.dataset[idx] if len(idx) else tuple(t[:0] for t in self.dataset[torch.arange(1)])


class GradSampleModule(torch.nn.Module):
    """Per-sample gradients of nn.Linear layers from forward/backward hooks, stored in p.grad_sample."""

    def __init__(self, module: torch.nn.Module, loss_reduction: str = "mean") -> None:
        super().__init__()
        self._module, self.loss_reduction = module, loss_reduction
        for layer in module.modules():
            if isinstance(layer, torch.nn.Linear):
                layer.register_forward_hook(self._keep_input)
                layer.register_full_backward_hook(self._grad_sample)

    @staticmethod
    def _keep_input(layer: torch.nn.Module, inputs: Any, _output: Any) -> None:
        layer._activations = inputs[0].detach()

    def _grad_sample(self, layer: torch.nn.Module, _grad_input: Any, grad_output: Any) -> None:
        g = grad_output[0].detach()
        if self.loss_reduction == "mean":
            g = g * g.shape[0]
        layer.weight.grad_sample = torch.einsum("ni,nj->nij", g, layer._activations)
        if layer.bias is not None:
            layer.bias.grad_sample = g

    def forward(self, *args: Any) -> Any:
        return self._module(*args)


class DPOptimizer:
    """clip_and_accumulate -> add_noise (p.grad = p.summed_grad + noise) -> scale_grad -> step_hook -> step."""

    def __init__(self, optimizer: torch.optim.Optimizer, *, noise_multiplier: float, max_grad_norm: float,
                 expected_batch_size: int, loss_reduction: str = "mean") -> None:
        self.original_optimizer, self.noise_multiplier, self.max_grad_norm = optimizer, noise_multiplier, max_grad_norm
        self.expected_batch_size, self.loss_reduction = expected_batch_size, loss_reduction
        self.step_hook: Optional[Callable[["DPOptimizer"], None]] = None
        self.param_groups = optimizer.param_groups

    @property
    def params(self) -> List[torch.nn.Parameter]:
        return [p for group in self.param_groups for p in group["params"] if p.requires_grad]

    def attach_step_hook(self, fn: Callable[["DPOptimizer"], None]) -> None:
        self.step_hook = fn

    def clip_and_accumulate(self) -> None:
        norms = torch.stack([p.grad_sample.reshape(len(p.grad_sample), -1).norm(2, dim=-1) for p in self.params], dim=1).norm(2, dim=1)
        factor = (self.max_grad_norm / (norms + 1e-6)).clamp(max=1.0)
        for p in self.params:
            p.summed_grad = torch.einsum("i,i...", factor, p.grad_sample)

    def add_noise(self) -> None:
        for p in self.params:
            p.grad = (p.summed_grad + torch.normal(0, self.noise_multiplier * self.max_grad_norm, p.summed_grad.shape)).view_as(p)

    def scale_grad(self) -> None:
        if self.loss_reduction == "mean":
            for p in self.params:
                p.grad /= self.expected_batch_size

    def zero_grad(self, set_to_none: bool = False) -> None:
        for p in self.params:
            p.grad_sample = None
            p.summed_grad = None
        self.original_optimizer.zero_grad(set_to_none)

    def step(self) -> None:
        self.clip_and_accumulate()
        self.add_noise()
        self.scale_grad()
        if self.step_hook:
            self.step_hook(self)
        self.original_optimizer.step()


class PrivacyEngine:
    def __init__(self, *, accountant: str = "prv", secure_mode: bool = False) -> None:
        self.accountant = _Accountant()

    def make_private(self, *, module: torch.nn.Module, optimizer: torch.optim.Optimizer, data_loader: Any,
                     noise_multiplier: float, max_grad_norm: float, poisson_sampling: bool = True,
                     loss_reduction: str = "mean", **_: Any):
        if not poisson_sampling:
            raise NotImplementedError("the stand-in only does Poisson sampling")
        sample_rate = 1 / len(data_loader)
        loader = DPDataLoader(data_loader.dataset, sample_rate, generator=getattr(data_loader, "generator", None))
        expected = int(len(data_loader.dataset) * sample_rate)
        dp_optimizer = DPOptimizer(optimizer, noise_multiplier=noise_multiplier, max_grad_norm=max_grad_norm,
                                   expected_batch_size=expected, loss_reduction=loss_reduction)
        dp_optimizer.attach_step_hook(lambda o: self.accountant.step(noise_multiplier=o.noise_multiplier, sample_rate=sample_rate))
        return GradSampleModule(module, loss_reduction), dp_optimizer, loader
