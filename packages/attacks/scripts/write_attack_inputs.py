"""Writes the input files of `dpbounds attack` from a PyTorch training script.

This is the snippet of docs/attacks.md as a runnable file. The functions that need a model
(`lira_score`, `per_example_gradients`) use PyTorch; the writers below use only NumPy and the
standard library. Run `python3 write_attack_inputs.py --demo OUT_DIR` to write synthetic files
with the same layout (no PyTorch needed), e.g. to try the CLI.
"""
import csv
import sys

import numpy as np


# ---- scores (LiRA, Carlini et al. 2022): logit-scaled confidence of the true label ----------
def lira_score(logits, labels):
    """phi = log p_y - log(1 - p_y), computed stably from logits (a torch tensor, N x classes)."""
    import torch

    logp = torch.log_softmax(logits.double(), dim=1)
    true = logp.gather(1, labels[:, None]).squeeze(1)
    others = logp.masked_fill(torch.nn.functional.one_hot(labels, logits.shape[1]).bool(), float("-inf"))
    return (true - torch.logsumexp(others, dim=1)).cpu().numpy()


# ---- per-example gradients for GLiR (torch.func; flatten every parameter) ------------------
def per_example_gradients(model, loss_fn, inputs, labels):
    import torch
    from torch.func import functional_call, grad, vmap

    params = {k: v.detach() for k, v in model.named_parameters()}

    def loss_one(p, x, y):
        out = functional_call(model, p, (x[None],))
        return loss_fn(out, y[None])

    grads = vmap(grad(loss_one), in_dims=(None, 0, 0))(params, inputs, labels)
    return torch.cat([g.reshape(g.shape[0], -1) for g in grads.values()], dim=1).double().cpu().numpy()


# ---- writers -------------------------------------------------------------------------------
def write_targets(path, ids, scores, members=None):
    """id, score (higher = more likely member), member (0/1, when known)."""
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "score"] + (["member"] if members is not None else []))
        for i, s in enumerate(scores):
            w.writerow([ids[i], repr(float(s))] + ([int(members[i])] if members is not None else []))


def write_shadow(path, ids, shadow_scores, keep):
    """Long format: one row per (target, shadow model). shadow_scores, keep: targets x models."""
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "score", "in"])
        for i in range(shadow_scores.shape[0]):
            for k in range(shadow_scores.shape[1]):
                w.writerow([ids[i], repr(float(shadow_scores[i, k])), int(keep[i, k])])


def demo(out_dir):
    rng = np.random.default_rng(0)
    n_targets, n_shadows, mu = 400, 16, 2.0
    ids = [f"t{i}" for i in range(n_targets)]
    member = (np.arange(n_targets) < n_targets // 2).astype(int)
    mean, std = 2 * rng.standard_normal(n_targets), 0.5 + 1.5 * rng.random(n_targets)
    score = mean + mu * std * member + std * rng.standard_normal(n_targets)
    keep = rng.random((n_targets, n_shadows)) < 0.5
    shadow = mean[:, None] + mu * std[:, None] * keep + std[:, None] * rng.standard_normal((n_targets, n_shadows))
    write_targets(f"{out_dir}/targets.csv", ids, score, member)
    write_shadow(f"{out_dir}/shadow.csv", ids, shadow, keep)
    d, n, batch = 8, n_targets, 10
    reference = rng.standard_normal((500, d))
    targets = rng.standard_normal((n, d))
    update = targets[:batch].mean(axis=0, keepdims=True)  # the first `batch` targets were in the batch
    np.save(f"{out_dir}/reference.npy", reference)
    np.save(f"{out_dir}/gradients.npy", targets)
    np.save(f"{out_dir}/update.npy", update)
    write_targets(f"{out_dir}/glir-targets.csv", [f"g{i}" for i in range(n)], np.zeros(n), (np.arange(n) < batch).astype(int))


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--demo":
        demo(sys.argv[2])
    else:
        print(__doc__)
