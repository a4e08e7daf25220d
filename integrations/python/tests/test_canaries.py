"""Dirac canaries: bits are fair coins, canaries join at rate q only when their bit is 1, the
recorded values are the noisy sums on their coordinates, files round-trip (.npy and .csv), and the
Opacus hook works on a stand-in optimizer with Opacus' attribute names (params, summed_grad,
add_noise writing p.grad = summed_grad + noise)."""
import os
import tempfile
import types
import unittest

import numpy as np

from dpbounds_io import DiracCanaries, read_canary_bits, read_released


class DiracCanariesTest(unittest.TestCase):
    def test_coordinates_distinct_and_bits_fair(self):
        c = DiracCanaries(parameters=5000, count=4000, clip_norm=1.0, sampling_rate=0.5, seed=3)
        self.assertEqual(len(set(c.coordinates.tolist())), 4000)
        self.assertTrue(np.all((c.coordinates >= 0) & (c.coordinates < 5000)))
        # a fair coin: 4000 draws, mean within 4 standard errors (0.5 / sqrt(4000) = 0.0079) of 1/2
        self.assertLess(abs(c.bits.mean() - 0.5), 4 * 0.0079)
        self.assertEqual(c.bits.dtype, np.int64)

    def test_only_bit_one_canaries_join_and_at_rate_q(self):
        q, steps, m, d = 0.3, 400, 50, 200
        c = DiracCanaries(parameters=d, count=m, clip_norm=2.0, sampling_rate=q, seed=11)
        joins = np.zeros(m)
        for _ in range(steps):
            total = np.zeros(d)
            mask = c.add_to(total)
            joins += mask
            # the clipped sum got exactly C on each inserted canary's coordinate
            expected = np.zeros(d)
            expected[c.coordinates[mask]] = 2.0
            np.testing.assert_array_equal(total, expected)
            c.record(total)  # noiseless: the released value is the sum itself
        members = c.bits == 1
        self.assertTrue(np.all(joins[~members] == 0))
        rate = joins[members].sum() / (members.sum() * steps)
        se = np.sqrt(q * (1 - q) / (members.sum() * steps))
        self.assertLess(abs(rate - q), 4 * se)
        released = c.released
        self.assertEqual(released.shape, (steps, m))
        np.testing.assert_array_equal(released.sum(axis=0), 2.0 * joins)
        self.assertEqual(c.inserted, int(joins.sum()))

    def test_the_draws_do_not_depend_on_the_bits(self):
        # every canary draws at every step: the sampling stream of a seed is the same whatever the bits
        a = DiracCanaries(parameters=30, count=10, clip_norm=1.0, sampling_rate=0.5, seed=5)
        b = DiracCanaries(parameters=30, count=10, clip_norm=1.0, sampling_rate=0.5, seed=5)
        b._bits = 1 - b._bits
        for _ in range(20):
            ma, mb = a.draw(), b.draw()
            a._pending = b._pending = None
            self.assertFalse(np.any(ma & mb))  # complementary bits: never both in

    def test_order_is_enforced(self):
        c = DiracCanaries(parameters=10, count=2, clip_norm=1.0, sampling_rate=0.5, seed=1)
        with self.assertRaisesRegex(RuntimeError, "before recording"):
            c.record(np.zeros(10))
        c.add_to(np.zeros(10))
        with self.assertRaisesRegex(RuntimeError, "record\\(\\) the previous step"):
            c.add_to(np.zeros(10))
        with self.assertRaisesRegex(ValueError, "length parameters = 10"):
            c.record(np.zeros(9))

    def test_refusals(self):
        with self.assertRaisesRegex(ValueError, "count must be an integer <= 10; found 11"):
            DiracCanaries(parameters=10, count=11, clip_norm=1.0, sampling_rate=0.5, seed=1)
        with self.assertRaisesRegex(ValueError, "sampling_rate must be <= 1"):
            DiracCanaries(parameters=10, count=1, clip_norm=1.0, sampling_rate=1.5, seed=1)

    def test_files_round_trip_npy_and_csv(self):
        rng = np.random.default_rng(0)
        c = DiracCanaries(parameters=40, count=6, clip_norm=1.0, sampling_rate=0.2, seed=9)
        for _ in range(7):
            total = np.zeros(40)
            c.add_to(total)
            c.record(total + rng.normal(0, 1.3, 40))
        with tempfile.TemporaryDirectory() as d:
            for ext in ("npy", "csv"):
                rp, bp = os.path.join(d, f"released.{ext}"), os.path.join(d, f"bits.{ext}")
                c.save(rp, bp)
                r, b = read_released(rp), read_canary_bits(bp)
                self.assertEqual(r.shape, (7, 6))
                self.assertEqual(r.dtype, np.float64)
                np.testing.assert_array_equal(r, c.released)  # repr in CSV: exact
                np.testing.assert_array_equal(b, c.bits)
            with open(os.path.join(d, "bits.csv")) as f:
                self.assertEqual(f.readline(), "member\n")
            self.assertEqual(np.load(os.path.join(d, "bits.npy")).shape, (6,))

    def test_parameter_list_maps_flat_coordinates(self):
        shapes = [(3, 4), (4,), (2, 2)]
        d = 20
        c = DiracCanaries(parameters=d, count=20, clip_norm=1.5, sampling_rate=1.0, seed=2)
        c._bits[:] = 1
        grads = [np.zeros(s) for s in shapes]
        c.add_to_parameters(grads)
        flat = np.concatenate([g.reshape(-1) for g in grads])
        np.testing.assert_array_equal(flat, np.full(d, 1.5))  # every coordinate got its canary once
        noisy = [g + k for k, g in enumerate(grads)]
        c.record_parameters(noisy)
        flat_noisy = np.concatenate([g.reshape(-1) for g in noisy])
        np.testing.assert_array_equal(c.released[0], flat_noisy[c.coordinates])

    def test_opacus_hook_on_a_stand_in_optimizer(self):
        rng = np.random.default_rng(4)
        params = [types.SimpleNamespace(shape=(5, 3)), types.SimpleNamespace(shape=(3,))]
        sigma, clip = 0.7, 1.0
        noises = []

        class StandIn:
            """DPOptimizer's step structure: clip_and_accumulate -> add_noise -> scale_grad."""
            noise_multiplier, max_grad_norm = sigma, clip

            def __init__(self):
                self.params = params

            def add_noise(self):
                for p in self.params:
                    noise = rng.normal(0, sigma * clip, p.shape)
                    noises.append(noise)
                    p.grad = p.summed_grad + noise

            def step(self):
                for p in self.params:
                    p.summed_grad = np.full(p.shape, 0.25)  # the clipped sum of the batch
                self.add_noise()
                for p in self.params:
                    p.grad = p.grad / 10.0  # scale_grad: not what the canaries record

        opt = StandIn()
        c = DiracCanaries(parameters=18, count=5, clip_norm=clip, sampling_rate=0.5, seed=8)
        c.attach_to_opacus(opt)
        for _ in range(30):
            opt.step()
        self.assertEqual(c.released.shape, (30, 5))
        # released = 0.25 + C * [inserted] + noise on each coordinate, before scale_grad
        total_noise = np.concatenate([np.concatenate([noises[2 * t].reshape(-1), noises[2 * t + 1]]) for t in range(30)]).reshape(30, 18)
        residual = c.released - 0.25 - total_noise[:, c.coordinates]
        self.assertTrue(np.allclose(residual[:, c.bits == 0], 0))
        member_residual = residual[:, c.bits == 1]
        self.assertTrue(np.all(np.isclose(member_residual, 0) | np.isclose(member_residual, clip)))
        self.assertEqual(int(np.isclose(member_residual, clip).sum()), c.inserted)


if __name__ == "__main__":
    unittest.main()
