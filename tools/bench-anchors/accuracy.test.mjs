// node --test tools/bench-anchors/ : the accuracy labels of the anchors table.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { accuracyLabel, errorAgainst, spread } from './accuracy.mjs';

const bracket = { lower: 1.8334106, upper: 1.8409650, proven: true };

test('values a few 1e-6 apart, both ~4e-5 above the reference: equal accuracy', () => {
  assert.equal(accuracyLabel(1.8410339, 1.8410369, bracket), 'at equal accuracy');
});

test('an anchor 28 % above the reference against ours at it: anchor less accurate, and the reverse', () => {
  const r = { lower: 0.1579859, upper: 0.1599137, proven: true };
  assert.equal(accuracyLabel(0.1599609, 0.2054287, r), 'anchor less accurate');
  assert.equal(accuracyLabel(0.2054287, 0.1599609, r), 'ours less accurate');
});

test('a value under a proven lower bound is less accurate even when closer to the upper end', () => {
  assert.equal(errorAgainst(1.8, bracket).belowLower, true);
  assert.equal(accuracyLabel(1.9, 1.8, bracket), 'anchor less accurate');
  // a point reference (not proven) never flags
  assert.equal(errorAgainst(1.8, { lower: 1.84, upper: 1.84 }).belowLower, false);
});

test('identical values are at equal accuracy whatever their error', () => {
  assert.equal(accuracyLabel(2.0130594, 2.0130594, { lower: 2.013058, upper: 2.013058 }), 'at equal accuracy');
});

test('without a reference: a tolerance, and the better side chosen by higherIsBetter', () => {
  assert.equal(accuracyLabel(0.80, 0.801, undefined, { tolerance: 0.002, higherIsBetter: true }), 'at equal accuracy');
  assert.equal(accuracyLabel(0.80, 0.79, undefined, { tolerance: 0.002, higherIsBetter: true }), 'anchor less accurate');
  assert.equal(accuracyLabel(0.80, 0.81, undefined, { tolerance: 0.002, higherIsBetter: true }), 'ours less accurate');
});

test('spread: median of an even count is the mean of the middle two', () => {
  assert.deepEqual(spread([4, 1, 3, 2]), { median: 2.5, min: 1, max: 4 });
});
