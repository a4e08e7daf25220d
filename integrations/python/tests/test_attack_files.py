"""Attack inputs (docs/attacks.md): targets id,score,member / id,loss,member and shadow id,score,in."""
import os
import tempfile
import unittest

import numpy as np

from dpbounds_io import fair_coin_membership, loss_threshold_scores, read_table, write_shadow, write_targets


class AttackFilesTest(unittest.TestCase):
    def test_targets_round_trip_exactly(self):
        scores = np.array([0.1, -2.5, 1 / 3])
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "targets.csv")
            self.assertEqual(write_targets(path, scores=scores, members=[1, 0, 1], ids=["a", "b", "c"]), 3)
            t = read_table(path)
            with open(path) as f:
                self.assertEqual(f.readline().strip(), "id,score,member")
        self.assertEqual(t["id"], ["a", "b", "c"])
        self.assertEqual([float(s) for s in t["score"]], scores.tolist())
        self.assertEqual(t["member"], ["1", "0", "1"])

    def test_losses_and_default_ids(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "t.csv")
            write_targets(path, losses=[0.5, 0.25])
            t = read_table(path)
        self.assertEqual(list(t), ["id", "loss"])
        self.assertEqual(t["id"], ["0", "1"])
        np.testing.assert_array_equal(loss_threshold_scores([0.5, 0.25]), [-0.5, -0.25])

    def test_shadow_long_format(self):
        scores = np.array([[1.0, 2.0], [3.0, 4.0]])
        keep = np.array([[1, 0], [0, 1]])
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "shadow.csv")
            self.assertEqual(write_shadow(path, scores=scores, keep=keep, ids=["a", "b"]), 4)
            t = read_table(path)
        self.assertEqual(t, {"id": ["a", "a", "b", "b"], "score": ["1.0", "2.0", "3.0", "4.0"], "in": ["1", "0", "0", "1"]})

    def test_refusals(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "t.csv")
            with self.assertRaisesRegex(ValueError, "exactly one of scores and losses"):
                write_targets(path, scores=[1], losses=[1])
            with self.assertRaisesRegex(ValueError, r"score\[1\] must be a finite number"):
                write_targets(path, scores=[1, float("nan")])
            with self.assertRaisesRegex(ValueError, r"members\[0\] must be 0 or 1; found 2"):
                write_targets(path, scores=[1], members=[2])
            with self.assertRaisesRegex(ValueError, "ids must be unique"):
                write_targets(path, scores=[1, 2], ids=[1, 1])
            with self.assertRaisesRegex(ValueError, "same shape"):
                write_shadow(path, scores=np.zeros((2, 2)), keep=np.zeros((2, 3)))

    def test_fair_coin(self):
        bits = fair_coin_membership(10000, np.random.default_rng(1))
        self.assertTrue(set(bits.tolist()) <= {0, 1})
        self.assertLess(abs(bits.mean() - 0.5), 4 * 0.005)


if __name__ == "__main__":
    unittest.main()
