import { describe, expect, it } from 'vitest';
import { bandedMatrixEvent } from '@dpbounds/accountants';
import { DpboundsRangeError } from '@dpbounds/special-functions';
import { bandedUsageError, strategySourceText } from './banded-library-errors.js';
import type { StrategySource } from './banded-flags.js';

const file: StrategySource = { flag: 'strategy', path: 'bandmf.json', form: 'bands' };
const values: StrategySource = { flag: 'band-values', values: [1, 0.5], text: '1,.5' };
/** The error the library throws for `options`, mapped. */
const mapped = (options: Parameters<typeof bandedMatrixEvent>[0], source: StrategySource = file): string | undefined => {
  try {
    bandedMatrixEvent(options);
  } catch (error) {
    return bandedUsageError(error, source, options.noiseMultiplier)?.message;
  }
  return 'no error';
};

describe('bandedUsageError', () => {
  it('a strategy problem names the file (or --band-values as written) and the entry, never --bands', () => {
    expect(mapped({ strategy: { bands: [[1], [0.5, 0.5]] }, bands: 2, steps: 10, noiseMultiplier: 1, participation: 'cyclic', minSeparation: 5 })).toBe('--strategy bandmf.json: bands[1] must be 9 entries (the diagonal C[i + 1, i]) or 1 (a Toeplitz band); found 2');
    expect(mapped({ strategy: { bands: [[0], [0.5]] }, bands: 2, steps: 10, noiseMultiplier: 1, participation: 'cyclic', minSeparation: 5 }, values)).toMatch(/^--band-values 1,\.5: bands\[0\]\[0\] must be/);
    expect(strategySourceText(values)).toBe('--band-values 1,.5');
  });

  it('other library parameters become their flags, in the head and in camelCase words of the text', () => {
    expect(mapped({ strategy: { bands: [[1], [0.5]] }, bands: 2, steps: 10, noiseMultiplier: 1, participation: 'poisson-in-group', minSeparation: 5, datasetSize: 100, batchSize: 30 })).toBe(
      '--batch-size must be at most --dataset-size/--min-separation = 100/5 (a group of N/k records cannot fill a larger expected batch); found 30',
    );
  });

  it('a noise level derived from σ names --noise-multiplier with the strategy; an error that is not dpbounds\' is left alone', () => {
    const derived = new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'noiseMultiplier', expected: 'a noise multiplier the grid holds (use the RDP accountant)', found: 1e-100 });
    expect(bandedUsageError(derived, values, 2)?.message).toBe("--noise-multiplier 2 with --band-values 1,.5: the noise of the worst record's releases (σ divided by the strategy's norms) must be a noise multiplier the grid holds (use --accountant rdp); found 1e-100");
    expect(bandedUsageError(new Error('boom'), values, 2)).toBeUndefined();
  });
});
