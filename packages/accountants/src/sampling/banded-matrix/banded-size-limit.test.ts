/**
 * The banded strategy size limits are checked before anything is allocated (the library fuzz
 * found steps = 1e15 reaching a Float64Array allocation: a plain RangeError).
 */
import { describe, expect, it } from 'vitest';
import { bandedMatrixEvent } from './banded-matrix-event.js';
import { bandedGram, MAX_BANDED_ENTRIES, MAX_BANDED_STEPS } from './banded-strategy.js';
import { splitNoiseSensitivity } from './split-noise.js';
import { rangeRefusal } from '../../test-helpers/refused-parameter.js';

const strategy = { bands: [[1], [0.5]] };

describe('banded strategy size limits', () => {
  it('steps = 1e15 (the fuzz input) is refused naming steps, the limit and the value, by each entry point', () => {
    for (const call of [
      () => bandedGram(strategy, 2, 1e15),
      () => splitNoiseSensitivity(strategy, 2, 1e15),
      () => bandedMatrixEvent({ strategy, bands: 2, steps: 1e15, noiseMultiplier: 2, participation: 'cyclic', minSeparation: 100 }),
    ]) {
      const error = rangeRefusal(call);
      expect(error.parameter).toBe('steps');
      expect(error.found).toBe(1e15);
      expect(error.message).toContain(String(MAX_BANDED_STEPS));
    }
  });
  it('the column-norm form is limited by steps only; the band form by its diagonal entries too', () => {
    expect(rangeRefusal(() => bandedGram({ columnNorms: [] }, 1, MAX_BANDED_STEPS + 1)).parameter).toBe('steps');
    // b·n − b(b − 1)/2 entries: 3 bands of 2^24 steps pass the 2^25 entries, refused before the bands are read
    const error = rangeRefusal(() => bandedGram({ bands: [[1], [0.5], [0.25]] }, 3, MAX_BANDED_STEPS));
    expect(error.parameter).toBe('bands');
    expect(error.message).toContain(String(MAX_BANDED_ENTRIES));
  });
  it('a strategy within the limits is still accepted', () => {
    expect(bandedGram(strategy, 2, 10_000).columnNorms.length).toBe(10_000);
  });
});
