"""PyTorch helpers (torch is imported inside each function, so the rest of the package needs numpy
only): per-example gradients with ``vmap(grad(·))`` (``torch.func`` from torch 2.0, ``functorch``
on torch 1.13, which Debian 12 ships), or a loop over examples when neither is there."""
from __future__ import annotations

from typing import Any, Callable, List


def _functional() -> Any:
    """(vmap, grad, functional_call) from torch.func, else functorch + torch.nn.utils.stateless, else None."""
    try:
        from torch.func import functional_call, grad, vmap  # torch >= 2.0
        return vmap, grad, functional_call
    except ImportError:
        pass
    try:
        from functorch import grad, vmap  # torch 1.13
        from torch.nn.utils.stateless import functional_call
        return vmap, grad, functional_call
    except ImportError:
        return None


def per_example_gradients(model: Any, loss_fn: Callable[[Any, Any], Any], inputs: Any, labels: Any,
                          vectorised: bool = True) -> List[Any]:
    """Per-example gradients of ``loss_fn(model(x), y)``, one tensor per parameter (in
    ``model.parameters()`` order, those with ``requires_grad``), each of shape (n, *p.shape).
    ``loss_fn`` must reduce one example's loss to a scalar. ``vectorised=False`` forces the loop."""
    import torch

    names = [k for k, p in model.named_parameters() if p.requires_grad]
    tools = _functional() if vectorised else None
    if tools is not None:
        vmap, grad, functional_call = tools
        params = {k: p.detach() for k, p in model.named_parameters() if p.requires_grad}

        def one(p: Any, x: Any, y: Any) -> Any:
            return loss_fn(functional_call(model, p, (x.unsqueeze(0),)), y.unsqueeze(0))

        grads = vmap(grad(one), in_dims=(None, 0, 0))(params, inputs, labels)
        return [grads[k].detach() for k in names]
    params = [p for p in model.parameters() if p.requires_grad]
    rows: List[List[Any]] = [[] for _ in params]
    for i in range(len(inputs)):
        g = torch.autograd.grad(loss_fn(model(inputs[i : i + 1]), labels[i : i + 1]), params)
        for k, gk in enumerate(g):
            rows[k].append(gk.detach())
    return [torch.stack(r) for r in rows]


def flatten_per_example(grads: List[Any]) -> Any:
    """Per-parameter per-example gradients → one (n, d) matrix (parameters concatenated in order)."""
    import torch

    return torch.cat([g.reshape(g.shape[0], -1) for g in grads], dim=1)


def per_example_gradient_norms(model: Any, loss_fn: Callable[[Any, Any], Any], inputs: Any, labels: Any) -> Any:
    """The L2 norm of each example's whole gradient (all parameters): a numpy array of length n,
    what :meth:`dpbounds_io.PerInstanceTrace.record` takes (it clips to C)."""
    return flatten_per_example(per_example_gradients(model, loss_fn, inputs, labels)).norm(dim=1).double().cpu().numpy()


__all__ = ["per_example_gradients", "flatten_per_example", "per_example_gradient_norms"]
