import { DpboundsRangeError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { matrixFromRows } from '../matrix/matrix.js';
import { selectCoordinates } from './select-coordinates.js';

describe('selectCoordinates', () => {
  it('keeps every ⌊P/d⌋-th coordinate, row by row', () => {
    const m = matrixFromRows([[0, 1, 2, 3, 4, 5, 6], [10, 11, 12, 13, 14, 15, 16]]);
    const s = selectCoordinates(m, 3);
    expect([s.rows, s.columns]).toEqual([2, 3]);
    expect([...s.data]).toEqual([0, 2, 4, 10, 12, 14]);
    expect([...selectCoordinates(m, 7).data]).toEqual([...m.data]);
  });

  it('rejects d outside [1, P]', () => {
    const m = matrixFromRows([[1, 2]]);
    expect(() => selectCoordinates(m, 3)).toThrow('d must be an integer in [1, 2]; found 3');
    expect(() => selectCoordinates(m, 0)).toThrow(DpboundsRangeError);
  });
});
