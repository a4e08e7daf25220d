"""The run-file writers: fields, checks, round trip through JSON, and the Opacus adapter on
stand-in objects with Opacus 1.x attribute names (Opacus itself is not installed here)."""
import json
import os
import tempfile
import types
import unittest

import numpy as np

from dpbounds_io import bandmf_run_file, opacus_run_file, read_run_file, run_file, write_opacus_run_file, write_run_file


class FakeParam:
    def __init__(self, n, requires_grad=True):
        self._n, self.requires_grad = n, requires_grad

    def numel(self):
        return self._n


def fake_opacus(history=None, sample_rate=0.01, dataset=1000, loader_batch=None, drop_last=False, expected=10):
    """An object graph with the attribute names make_private returns (DPOptimizer, DPDataLoader, PrivacyEngine)."""
    optimizer = types.SimpleNamespace(noise_multiplier=1.1, max_grad_norm=0.5, expected_batch_size=expected,
                                      params=[FakeParam(30), FakeParam(4), FakeParam(7, requires_grad=False)])
    loader = types.SimpleNamespace(dataset=list(range(dataset)), drop_last=drop_last)
    if sample_rate is not None:
        loader.sample_rate = sample_rate
    if loader_batch is not None:
        loader.batch_size = loader_batch
    engine = types.SimpleNamespace(accountant=types.SimpleNamespace(history=history if history is not None else []))
    return optimizer, loader, engine


class RunFileTest(unittest.TestCase):
    def test_plain_fields_and_exact_round_trip(self):
        q = 256 / 60000
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "run.json")
            written = write_run_file(path, sampling_rate=q, noise_multiplier=np.float32(1.1).item(), steps=np.int64(2344),
                                     delta=1e-5, clip_norm=1.0, parameters=7809, name="mnist", neighbouring="substitution")
            back = read_run_file(path)
        self.assertEqual(back, written)
        self.assertEqual(back["samplingRate"], q)  # repr round-trips every digit
        self.assertIsInstance(back["steps"], int)
        self.assertEqual(back["format"], "dpbounds.run")
        self.assertEqual(back["version"], 1)
        self.assertEqual(back["neighbouring"], "substitution")

    def test_one_phase_history_is_written_flat_and_several_as_named_objects(self):
        one = run_file(history=[(1.0, 0.01, 100)], delta=1e-5)
        self.assertNotIn("history", one)
        self.assertEqual((one["noiseMultiplier"], one["samplingRate"], one["steps"]), (1.0, 0.01, 100))
        two = run_file(history=[(1.0, 0.01, 100), (0.8, 0.01, 50)], delta=1e-5)
        self.assertEqual(two["history"], [{"noiseMultiplier": 1.0, "samplingRate": 0.01, "steps": 100},
                                          {"noiseMultiplier": 0.8, "samplingRate": 0.01, "steps": 50}])
        for field in ("noiseMultiplier", "samplingRate", "steps"):
            self.assertNotIn(field, two)

    def test_refusals_name_the_field_and_value(self):
        cases = [
            (dict(sampling_rate=0.0, noise_multiplier=1, steps=1, delta=1e-5), "samplingRate must be > 0; found 0.0"),
            (dict(sampling_rate=0.1, noise_multiplier=1, steps=0, delta=1e-5), "steps must be an integer >= 1; found 0"),
            (dict(sampling_rate=0.1, noise_multiplier=float("nan"), steps=1, delta=1e-5), "noiseMultiplier must be a finite number"),
            (dict(sampling_rate=0.1, noise_multiplier=1, steps=1, delta=1.0), "delta must be < 1; found 1.0"),
            (dict(sampling_rate=0.1, noise_multiplier=1, steps=1, delta=1e-5, sampler="poison"), "sampler must be one of"),
            (dict(history=[(1.0, 0.1, 5), (1.0, 0.1, 5)], sampler="shuffle", delta=1e-5), "Poisson sampling only"),
            (dict(history=[[1.0, 0.1]], delta=1e-5), "history[0] must be (noise_multiplier, sample_rate, steps)"),
            (dict(sampling_rate=0.0097, batch_size=256, dataset_size=26048, noise_multiplier=1, steps=1, delta=1e-5, sampler="shuffle"), "contradicts batch_size / dataset_size"),
            (dict(noise_multiplier=1, steps=1, delta=1e-5), "give sampling_rate, or batch_size with dataset_size"),
        ]
        for kwargs, message in cases:
            with self.subTest(message=message):
                with self.assertRaises((ValueError, TypeError)) as caught:
                    run_file(**kwargs)
                self.assertIn(message, str(caught.exception))

    def test_sizes_alone_and_non_poisson_samplers(self):
        r = run_file(batch_size=250, dataset_size=60000, sampler={"kind": "shuffle", "drop_last": True},
                     noise_multiplier=1.0, steps=480, delta=1e-5)
        self.assertEqual(r["sampler"], {"kind": "shuffle", "dropLast": True})
        self.assertNotIn("samplingRate", r)

    def test_banded_matrix_fields(self):
        r = run_file(mechanism="banded-matrix", noise_multiplier=4.0, steps=2000, delta=1e-6, batch_size=512, dataset_size=50000,
                     banded_matrix={"band_values": [1.0, -0.5, 0.1], "participation": "balls-in-bins", "min_separation": 98})
        self.assertEqual(r["bandedMatrix"], {"bandValues": [1.0, -0.5, 0.1], "participation": "balls-in-bins", "minSeparation": 98})
        with self.assertRaisesRegex(ValueError, "exactly one of band_values"):
            run_file(mechanism="banded-matrix", noise_multiplier=4.0, steps=10, delta=1e-6, banded_matrix={"participation": "cyclic"})
        with self.assertRaisesRegex(ValueError, "do not apply"):
            run_file(mechanism="banded-matrix", sampling_rate=0.1, noise_multiplier=4.0, steps=10, delta=1e-6,
                     banded_matrix={"band_values": [1.0], "participation": "cyclic"})


class DescriptionAndBandMFTest(unittest.TestCase):
    def test_description_keeps_integers_and_booleans(self):
        r = run_file(sampling_rate=0.1, noise_multiplier=1, steps=2, delta=1e-5,
                     description={"records": np.int64(3), "augmented": True, "lr": 0.5, "note": None, "data": "x"})
        self.assertEqual(r["description"], {"records": 3, "augmented": True, "lr": 0.5, "note": None, "data": "x"})
        self.assertIsInstance(r["description"]["records"], int)

    def bandmf(self, **over):
        fields = dict(iterations=2000, expected_participations=20, strategy=np.array([1.0, 0.6, 0.3]), noise_multiplier=4.0,
                      l2_clip_norm=0.5, column_normalize=False, truncated_batch_size=None, num_examples=None)
        fields.update(over)
        return types.SimpleNamespace(**fields)

    def test_bandmf_config_maps_to_poisson_in_group(self):
        r = bandmf_run_file(self.bandmf(), dataset_size=60000, delta=1e-5)
        self.assertEqual((r["mechanism"], r["noiseMultiplier"], r["steps"], r["clipNorm"]), ("banded-matrix", 4.0, 2000, 0.5))
        # p = E b / n = 20 * 3 / 2000 = 0.03; B = p N / b = 600, so that k B / N = p
        self.assertEqual((r["batchSize"], r["datasetSize"]), (600, 60000))
        band = r["bandedMatrix"]
        self.assertEqual((band["participation"], band["minSeparation"]), ("poisson-in-group", 3))
        norm = np.sqrt(1 + 0.36 + 0.09)
        np.testing.assert_allclose(band["bandValues"], [1 / norm, 0.6 / norm, 0.3 / norm], rtol=1e-15)
        self.assertAlmostEqual(float(np.linalg.norm(band["bandValues"])), 1.0, places=15)

    def test_bandmf_refusals(self):
        cases = [
            (dict(truncated_batch_size=100), "truncated_batch_size"),
            (dict(column_normalize=True), "column_normalize"),
            (dict(num_examples=60000), "num_examples"),
            (dict(noise_multiplier=None), "calibrate"),
            (dict(expected_participations=20.01), "is not an integer"),
        ]
        for over, message in cases:
            with self.subTest(message=message):
                with self.assertRaisesRegex(ValueError, message):
                    bandmf_run_file(self.bandmf(**over), dataset_size=60000, delta=1e-5)


class OpacusAdapterTest(unittest.TestCase):
    def test_history_of_one_phase(self):
        opt, loader, engine = fake_opacus(history=[(1.1, 0.01, 300)])
        r = opacus_run_file(opt, loader, privacy_engine=engine, delta=1e-5)
        self.assertEqual((r["noiseMultiplier"], r["samplingRate"], r["steps"]), (1.1, 0.01, 300))
        self.assertEqual(r["clipNorm"], 0.5)
        self.assertEqual(r["parameters"], 34)  # frozen parameters are not trained
        # expected_batch_size 10 = 0.01 * 1000 exactly: the sizes stand beside the rate
        self.assertEqual((r["batchSize"], r["datasetSize"]), (10, 1000))

    def test_schedule_becomes_history_objects(self):
        opt, loader, engine = fake_opacus(history=[(1.1, 0.01, 300), (0.9, 0.01, 200)])
        r = opacus_run_file(opt, loader, privacy_engine=engine, delta=1e-5)
        self.assertEqual([h["steps"] for h in r["history"]], [300, 200])
        self.assertEqual(sum(h["steps"] for h in r["history"]), 500)

    def test_rate_beside_sizes_that_differ(self):
        # Opacus: sample_rate = 1/len(loader) = 1/103 and expected_batch_size = int(26048/103) = 252;
        # the rate is what ran and is priced, the sizes stand beside it as context
        opt, loader, engine = fake_opacus(history=[(1.0, 1 / 103, 309)], sample_rate=1 / 103, dataset=26048, expected=252)
        r = opacus_run_file(opt, loader, privacy_engine=engine, delta=1e-5)
        self.assertEqual(r["samplingRate"], 1 / 103)
        self.assertEqual(r["batchSize"], 252)
        self.assertEqual(r["datasetSize"], 26048)
        self.assertNotIn("description", r)
        plain = run_file(sampling_rate=1 / 103, batch_size=252, dataset_size=26048, noise_multiplier=1, steps=309, delta=1e-5)
        self.assertEqual((plain["samplingRate"], plain["batchSize"], plain["datasetSize"]), (1 / 103, 252, 26048))

    def test_without_accountant_needs_steps(self):
        opt, loader, _ = fake_opacus()
        with self.assertRaisesRegex(ValueError, "give steps"):
            opacus_run_file(opt, loader, delta=1e-5)
        r = opacus_run_file(opt, loader, delta=1e-5, steps=42)
        self.assertEqual((r["samplingRate"], r["steps"]), (0.01, 42))

    def test_steps_must_agree_with_history(self):
        opt, loader, engine = fake_opacus(history=[(1.1, 0.01, 300)])
        with self.assertRaisesRegex(ValueError, "disagrees"):
            opacus_run_file(opt, loader, privacy_engine=engine, delta=1e-5, steps=299)

    def test_non_poisson_loader_is_a_shuffle_run(self):
        opt, loader, engine = fake_opacus(history=[(1.1, 0.01, 300)], sample_rate=None, loader_batch=10, drop_last=True)
        r = opacus_run_file(opt, loader, privacy_engine=engine, delta=1e-5)
        self.assertEqual(r["sampler"], {"kind": "shuffle", "dropLast": True})
        self.assertEqual((r["batchSize"], r["datasetSize"], r["steps"]), (10, 1000, 300))
        self.assertNotIn("samplingRate", r)

    def test_writes_json(self):
        opt, loader, engine = fake_opacus(history=[(1.1, 0.01, 300)])
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "run.json")
            r = write_opacus_run_file(path, opt, loader, privacy_engine=engine, delta=1e-5, name="x")
            with open(path) as f:
                self.assertEqual(json.load(f), r)


if __name__ == "__main__":
    unittest.main()
