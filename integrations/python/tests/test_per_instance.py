"""The per-instance trace writer: the fields of docs/per-instance-trace.md (version 2), clipping
to C, checkpoint order, excluded records, refusals, and a JSON round trip."""
import json
import os
import tempfile
import unittest

import numpy as np

from dpbounds_io import PerInstanceTrace


def make(**over):
    kwargs = dict(records=[3, {"id": "x7", "label": "outlier"}], sampling_rate=0.01, noise_multiplier=1.2, clip=2.0,
                  dataset_size=500, steps=10, checkpoint_steps=[0, 4, 8])
    kwargs.update(over)
    return PerInstanceTrace(**kwargs)


class PerInstanceTraceTest(unittest.TestCase):
    def test_two_directions_round_trip(self):
        t = make(meta={"producer": "test"})
        t.start_run(seed=1)
        for s in (0, 4, 8):
            self.assertTrue(t.is_checkpoint(s))
            t.record(s, np.array([0.5 * s, 3.0]))
        t.start_run(seed=2, excluded_records=[3, "x7"])
        for s in (0, 4, 8):
            t.record(s, [1.0, 1.0])
        self.assertFalse(t.is_checkpoint(1))
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "trace.json")
            written = t.write(path)
            with open(path) as f:
                back = json.load(f)
        self.assertEqual(back, written)
        self.assertEqual(set(back), {"format", "version", "updateRule", "samplingRate", "noiseMultiplier", "clip",
                                     "datasetSize", "steps", "checkpointSteps", "records", "runs", "meta"})
        self.assertEqual((back["format"], back["version"], back["updateRule"]), ("dpbounds.per-instance-trace", 2, "sum"))
        self.assertEqual(back["records"], [{"id": 3}, {"id": "x7", "label": "outlier"}])
        # clipped to C = 2: min(0, 2), min(2, 2), min(4, 2); the second record's 3.0 -> 2.0
        self.assertEqual(back["runs"][0]["gradientNorms"], [[0.0, 2.0], [2.0, 2.0], [2.0, 2.0]])
        self.assertNotIn("excludedRecords", back["runs"][0])
        self.assertEqual(back["runs"][1]["excludedRecords"], [3, "x7"])

    def test_checkpoints_in_order_and_complete(self):
        t = make()
        with self.assertRaisesRegex(RuntimeError, "start_run"):
            t.record(0, [1, 1])
        t.start_run(seed=1)
        with self.assertRaisesRegex(ValueError, "next checkpoint is 0"):
            t.record(4, [1, 1])
        t.record(0, [1, 1])
        with self.assertRaisesRegex(RuntimeError, "recorded 1 of 3 checkpoints"):
            t.to_dict()

    def test_refusals(self):
        cases = [
            (dict(checkpoint_steps=[0, 0]), "strictly increasing"),
            (dict(checkpoint_steps=[10]), "checkpoint_steps[0] must be an integer <= 9; found 10"),
            (dict(records=[1, 1]), "unique"),
            (dict(records=[1.5]), "records[0] must be an integer or a string"),
            (dict(clip=0), "clip must be > 0"),
            (dict(steps=2 ** 30 + 1), "steps must be an integer <= 1073741824"),
        ]
        for over, message in cases:
            with self.subTest(message=message):
                with self.assertRaises((ValueError, TypeError)) as caught:
                    make(**over)
                self.assertIn(message, str(caught.exception))
        t = make()
        t.start_run(seed=0)
        with self.assertRaisesRegex(ValueError, "one value per record"):
            t.record(0, [1.0])
        with self.assertRaisesRegex(ValueError, "finite number >= 0"):
            t.record(0, [1.0, float("nan")])
        with self.assertRaisesRegex(ValueError, "not one of the records"):
            t.start_run(seed=1, excluded_records=["3"])  # the string "3" is not the integer 3


if __name__ == "__main__":
    unittest.main()
