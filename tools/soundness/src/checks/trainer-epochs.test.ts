import { describe, expect, it } from 'vitest';
import { SoundnessViolation } from '../violation.js';
import { checkTrainerEpochsCovered, priceDescription, trainerParticipation, type TrainerEpochCase } from './trainer-epochs.js';

const shuffle: TrainerEpochCase = { sampler: 'shuffle', datasetSize: 5, batchSize: 2, steps: 3, noiseMultiplier: 0.5, delta: 1e-5, seed: 1 };
const bins: TrainerEpochCase = { sampler: 'balls-in-bins', datasetSize: 10, batchSize: 3, steps: 4, noiseMultiplier: 0.5, delta: 1e-5, seed: 1 };
/** The accounting as it was: the run priced with the default ⌈N/b⌉ batches per epoch, not the trainer's. */
const withoutTrainerK: typeof priceDescription = (d, sigma, steps, delta) => {
  const { batchesPerEpoch: _k, ...rest } = d;
  return priceDescription(rest, sigma, steps, delta);
};

describe('the trainer-epochs check', () => {
  it('counts each record\'s batches from the trainer\'s own steps: shuffle cuts ⌊N/L⌋ batches, some record is used in 2 of 3 steps', () => {
    const { counts, description } = trainerParticipation(shuffle);
    expect(description.batchesPerEpoch).toBe(2);
    expect(Math.max(...counts)).toBe(2);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(6);
  });

  it('holds when the trainer\'s recorded batches per epoch are priced', () => {
    for (const c of [shuffle, bins]) {
      const { releases, guarantee, bound } = checkTrainerEpochsCovered(c);
      expect(releases).toBe(2);
      expect(guarantee).toBeGreaterThanOrEqual(bound);
    }
  });

  it('catches the accounting that re-derives k = ⌈N/b⌉ (one epoch priced where the trainer ran two)', () => {
    for (const c of [shuffle, bins]) expect(() => checkTrainerEpochsCovered(c, withoutTrainerK)).toThrow(SoundnessViolation);
  });
});
