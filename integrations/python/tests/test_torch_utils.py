"""Per-example gradients: the vmap path (torch.func or functorch) equals the loop over examples.
Needs torch: skipped when torch is missing, unless DPBOUNDS_REQUIRE_TORCH=1 (the JS test sets it),
where a missing torch is a failure."""
import os
import unittest

import numpy as np

try:
    import torch
except ImportError:  # pragma: no cover - the numpy-only environment
    torch = None

REQUIRED = os.environ.get("DPBOUNDS_REQUIRE_TORCH") == "1"


@unittest.skipIf(torch is None and not REQUIRED, "torch is not installed")
class PerExampleGradientsTest(unittest.TestCase):
    def test_vmap_equals_loop_and_norms(self):
        self.assertIsNotNone(torch, "DPBOUNDS_REQUIRE_TORCH=1 but torch does not import")
        from dpbounds_io.torch_utils import flatten_per_example, per_example_gradient_norms, per_example_gradients

        torch.manual_seed(0)
        model = torch.nn.Sequential(torch.nn.Linear(5, 4), torch.nn.Tanh(), torch.nn.Linear(4, 3))
        x, y = torch.randn(7, 5), torch.randint(0, 3, (7,))

        def loss(logits, labels):
            return torch.nn.functional.cross_entropy(logits, labels, reduction="sum")

        fast = flatten_per_example(per_example_gradients(model, loss, x, y))
        slow = flatten_per_example(per_example_gradients(model, loss, x, y, vectorised=False))
        self.assertEqual(tuple(fast.shape), (7, 5 * 4 + 4 + 4 * 3 + 3))
        torch.testing.assert_close(fast, slow, rtol=1e-5, atol=1e-6)
        # the loop's row i is the gradient of example i alone
        model.zero_grad()
        loss(model(x[2:3]), y[2:3]).backward()
        alone = torch.cat([p.grad.reshape(-1) for p in model.parameters()])
        torch.testing.assert_close(slow[2], alone)
        norms = per_example_gradient_norms(model, loss, x, y)
        np.testing.assert_allclose(norms, fast.norm(dim=1).double().numpy(), rtol=1e-6)


if __name__ == "__main__":
    unittest.main()
