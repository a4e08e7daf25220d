import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../usage-error.js';
import { parseNpy } from './npy.js';

const fixture = (name: string): Uint8Array => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** A version-1.0 .npy file built by hand, to test headers NumPy would not write. */
function handMade(header: string, data: Uint8Array, major = 1): Uint8Array {
  const lengthBytes = major === 1 ? 2 : 4;
  const padded = header.padEnd(Math.ceil((header.length + 9 + lengthBytes) / 64) * 64 - 8 - lengthBytes - 1) + '\n';
  const out = new Uint8Array(8 + lengthBytes + padded.length + data.length);
  out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, major, 0]);
  const view = new DataView(out.buffer);
  if (major === 1) view.setUint16(8, padded.length, true);
  else view.setUint32(8, padded.length, true);
  out.set(new TextEncoder().encode(padded), 8 + lengthBytes);
  out.set(data, 8 + lengthBytes + padded.length);
  return out;
}

describe('parseNpy on files written by np.save', () => {
  it('reads a C-order and a Fortran-order <f8 matrix to the same row-major values', () => {
    const expected = [1.5, -2, 3.25, 4, 5.5, -6];
    for (const name of ['f8-c.npy', 'f8-fortran.npy']) {
      const array = parseNpy(name, fixture(name));
      expect(array.rows).toBe(2);
      expect(array.columns).toBe(3);
      expect(array.ndim).toBe(2);
      expect([...array.data]).toEqual(expected);
    }
  });

  it('reads every supported dtype', () => {
    expect([...parseNpy('a', fixture('f4-1d.npy')).data]).toEqual([0.5, -1.25, 2]);
    expect([...parseNpy('a', fixture('i8-1d.npy')).data]).toEqual([1, -2, 3]);
    const i4 = parseNpy('a', fixture('i4-2d.npy'));
    expect([i4.rows, i4.columns, ...i4.data]).toEqual([3, 2, 1, 0, 2, 1, 3, 0]);
    expect([...parseNpy('a', fixture('u1-1d.npy')).data]).toEqual([0, 255, 7]);
    const b1 = parseNpy('a', fixture('b1-1d.npy'));
    expect([b1.ndim, b1.columns, ...b1.data]).toEqual([1, 1, 1, 0, 1]);
  });

  it('rejects unsupported files with a message naming the file and the problem', () => {
    const cases: [string, RegExp][] = [
      ['f8-big-endian.npy', /f8-big-endian\.npy: unsupported dtype ">f8" \(big-endian/],
      ['f8-3d.npy', /shape \(2, 2, 2\) has 3 dimensions; only 1-D and 2-D/],
      ['f8-nan.npy', /index \[0, 1\]: expected a finite number, found NaN/],
      ['structured.npy', /structured \(record\) dtypes are not supported/],
      ['c16.npy', /unsupported dtype "<c16"/],
      ['scalar.npy', /0-d \(scalar\) array/],
    ];
    for (const [name, message] of cases) {
      expect(() => parseNpy(name, fixture(name)), name).toThrow(UsageError);
      expect(() => parseNpy(name, fixture(name)), name).toThrow(message);
    }
  });

  it('rejects a wrong magic string, truncated and over-long data', () => {
    expect(() => parseNpy('x.npy', new TextEncoder().encode('id,score\n1,2\n'))).toThrow('x.npy: not a NumPy .npy file');
    const good = fixture('f8-c.npy');
    expect(() => parseNpy('t.npy', good.subarray(0, good.length - 8))).toThrow(/truncated data: shape \(2, 3\) of <f8 needs 48 bytes, found 40/);
    const longer = new Uint8Array(good.length + 3);
    longer.set(good);
    expect(() => parseNpy('t.npy', longer)).toThrow(/3 unexpected bytes/);
    expect(() => parseNpy('t.npy', good.subarray(0, 30))).toThrow(/truncated \.npy header/);
  });

  it('reads version 2.0 headers and rejects integers too large for a double', () => {
    const data = new Uint8Array(16);
    new DataView(data.buffer).setFloat64(0, 7, true);
    new DataView(data.buffer).setFloat64(8, -1, true);
    const v2 = parseNpy('v2.npy', handMade("{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }", data, 2));
    expect([...v2.data]).toEqual([7, -1]);
    const big = new Uint8Array(8);
    new DataView(big.buffer).setBigInt64(0, 2n ** 60n, true);
    expect(() => parseNpy('big.npy', handMade("{'descr': '<i8', 'fortran_order': False, 'shape': (1,), }", big))).toThrow(/too large to represent exactly/);
  });

  it('reads an empty first axis as zero rows', () => {
    const empty = parseNpy('e.npy', handMade("{'descr': '<f8', 'fortran_order': False, 'shape': (0, 3), }", new Uint8Array(0)));
    expect([empty.rows, empty.columns, empty.data.length]).toEqual([0, 3, 0]);
  });
});
