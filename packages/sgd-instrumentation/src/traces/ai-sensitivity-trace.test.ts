import { describe, expect, it } from 'vitest';
import { DpboundsRangeError, DpboundsTypeError } from '@dpbounds/special-functions';
import { AI_SENSITIVITY_TRACE_FORMAT, aiSensitivityTraceSchema } from './ai-sensitivity-trace-schema.js';
import { aiSensitivities, aiSensitivityTraceFromRecord, validateAiSensitivityTrace } from './ai-sensitivity-trace.js';

const valid = {
  format: AI_SENSITIVITY_TRACE_FORMAT,
  version: 1,
  attribute: 'age',
  values: ['17-30', '31-50', '51+'],
  method: 'both',
  clip: 1,
  samplingRate: 0.01,
  noiseMultiplier: 1,
  steps: 5,
  full: [0.5, 1.2, 2, 0, 1.9],
  approximate: [0.6, 1.3, 2, 0, 2.0000000000000004],
};

describe('attribute-sensitivity trace (version 1)', () => {
  it('accepts a valid trace, clamps round-off above 2·clip and prefers exact diameters', () => {
    const trace = validateAiSensitivityTrace(JSON.parse(JSON.stringify(valid)));
    expect(trace.steps).toBe(5);
    expect(trace.approximate?.[4]).toBe(2);
    expect(aiSensitivities(trace)).toEqual(valid.full);
    expect(aiSensitivities(trace, 'approximate')[0]).toBe(0.6);
  });

  it('names the offending field for malformed traces', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, format: 'other' }, 'format'],
      [{ ...valid, version: 2 }, 'version'],
      [{ ...valid, full: [0.5, 1.2] }, 'full'],
      [{ ...valid, full: [0.5, 1.2, 2.5, 0, 1] }, 'full[2]'],
      [{ ...valid, approximate: [0.5, -1, 2, 0, 1] }, 'approximate[1]'],
      [{ ...valid, method: 'full' }, 'approximate'],
      [{ ...valid, clip: 0 }, 'clip'],
      [{ ...valid, samplingRate: 1.5 }, 'samplingRate'],
      [{ ...valid, steps: 2.5 }, 'steps'],
      [{ ...valid, extra: 1 }, 'extra'],
      [{ ...valid, full: [0.5, 1.2, Number.NaN, 0, 1] }, 'full[2]'],
    ];
    for (const [input, field] of cases) {
      try {
        validateAiSensitivityTrace(input);
        expect.unreachable(field);
      } catch (error) {
        expect(error instanceof DpboundsTypeError || error instanceof DpboundsRangeError, field).toBe(true);
        expect((error as DpboundsTypeError).parameter).toBe(field);
      }
    }
    expect(() => validateAiSensitivityTrace([1, 2])).toThrow(DpboundsTypeError);
  });

  it('round-trips an instrument record through JSON', () => {
    const trace = aiSensitivityTraceFromRecord({ attribute: 'age', method: 'approximate', clip: 0.5, samplingRate: 0.1, noiseMultiplier: 2, approximate: new Float64Array([0.1, 1]) }, { seed: 3 });
    const back = validateAiSensitivityTrace(JSON.parse(JSON.stringify(trace)));
    expect(back).toEqual(trace);
    expect(back.steps).toBe(2);
  });

  it('publishes a JSON Schema that requires every mandatory field', () => {
    const required = aiSensitivityTraceSchema.required as string[];
    for (const key of ['format', 'version', 'attribute', 'method', 'clip', 'samplingRate', 'noiseMultiplier', 'steps']) expect(required).toContain(key);
  });
});
