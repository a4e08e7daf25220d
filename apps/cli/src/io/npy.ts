/**
 * A reader for NumPy `.npy` files (format versions 1.0, 2.0 and 3.0, as written by `np.save`):
 * the header is parsed and checked, and the data is returned as a row-major `Float64Array`.
 * Supported dtypes: `<f8`, `<f4`, `<i8`, `<i4`, `|u1`, `|b1` (little-endian or single byte);
 * C and Fortran order; 1-D and 2-D shapes. Everything else is rejected with a UsageError
 * naming the file and the problem (big-endian, structured or object dtypes, 0-D or 3-D+ arrays,
 * truncated data, non-finite values).
 *
 * Format reference: numpy/lib/format.py docstring ("The .npy format").
 */
import { UsageError } from '../usage-error.js';

/** A dense numeric array read from a file: `rows × columns`, row-major. */
export interface NumericArray {
  /** The path as given (for messages). */
  readonly path: string;
  /** Number of rows (the first axis). */
  readonly rows: number;
  /** Number of columns (1 for a 1-D array). */
  readonly columns: number;
  /** 1 or 2: the dimensionality stored in the file. */
  readonly ndim: 1 | 2;
  /** Values, row-major: element (i, j) at `i * columns + j`. */
  readonly data: Float64Array;
}

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // \x93NUMPY

interface DtypeReader {
  readonly size: number;
  readonly read: (view: DataView, offset: number) => number;
  readonly float: boolean;
}

const DTYPES: Readonly<Record<string, DtypeReader>> = {
  '<f8': { size: 8, float: true, read: (v, o) => v.getFloat64(o, true) },
  '<f4': { size: 4, float: true, read: (v, o) => v.getFloat32(o, true) },
  '<i8': { size: 8, float: false, read: (v, o) => Number(v.getBigInt64(o, true)) },
  '<i4': { size: 4, float: false, read: (v, o) => v.getInt32(o, true) },
  '|u1': { size: 1, float: false, read: (v, o) => v.getUint8(o) },
  '|b1': { size: 1, float: false, read: (v, o) => (v.getUint8(o) === 0 ? 0 : 1) },
};

/** Aliases NumPy writes for the same little-endian or byte-sized dtypes. */
const DTYPE_ALIASES: Readonly<Record<string, string>> = { '<u1': '|u1', '<b1': '|b1' };

function fail(path: string, problem: string): never {
  throw new UsageError(`${path}: ${problem}`);
}

function parseHeader(path: string, header: string): { descr: string; fortran: boolean; shape: number[] } {
  const descr = /['"]descr['"]\s*:\s*['"]([^'"]*)['"]/.exec(header)?.[1];
  if (descr === undefined) {
    fail(path, /['"]descr['"]\s*:\s*\[/.test(header) ? 'structured (record) dtypes are not supported; save a plain numeric array' : 'malformed .npy header (no dtype)');
  }
  const fortranText = /['"]fortran_order['"]\s*:\s*(True|False)/.exec(header)?.[1];
  if (fortranText === undefined) fail(path, 'malformed .npy header (no fortran_order)');
  const shapeText = /['"]shape['"]\s*:\s*\(([^)]*)\)/.exec(header)?.[1];
  if (shapeText === undefined) fail(path, 'malformed .npy header (no shape)');
  const parts = shapeText.split(',').map((p) => p.trim()).filter((p) => p !== '');
  const shape = parts.map((p) => {
    const n = /^\d+L?$/.test(p) ? Number.parseInt(p, 10) : Number.NaN;
    if (!Number.isSafeInteger(n)) fail(path, `malformed .npy shape (${shapeText})`);
    return n;
  });
  return { descr, fortran: fortranText === 'True', shape };
}

/**
 * Parses the bytes of a `.npy` file. `path` is used in messages only.
 *
 * @throws UsageError naming the file and the problem.
 * @example parseNpy('scores.npy', await readFile('scores.npy'))
 */
export function parseNpy(path: string, bytes: Uint8Array): NumericArray {
  if (bytes.length < 10 || MAGIC.some((b, i) => bytes[i] !== b)) fail(path, 'not a NumPy .npy file (bad magic string)');
  const major = bytes[6] as number;
  if (major < 1 || major > 3) fail(path, `unsupported .npy format version ${major}.${bytes[7] ?? 0}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lengthBytes = major === 1 ? 2 : 4;
  if (bytes.length < 8 + lengthBytes) fail(path, 'truncated .npy header');
  const headerLength = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  const dataOffset = 8 + lengthBytes + headerLength;
  if (bytes.length < dataOffset) fail(path, 'truncated .npy header');
  const header = new TextDecoder(major === 3 ? 'utf-8' : 'latin1').decode(bytes.subarray(8 + lengthBytes, dataOffset));
  const { descr, fortran, shape } = parseHeader(path, header);
  const key = DTYPE_ALIASES[descr] ?? descr;
  const dtype = DTYPES[key];
  if (dtype === undefined) {
    const hint = descr.startsWith('>') ? ' (big-endian; convert with arr.astype("<f8"))' : '';
    fail(path, `unsupported dtype ${JSON.stringify(descr)}${hint}; supported: ${Object.keys(DTYPES).join(', ')}`);
  }
  if (shape.length === 0) fail(path, 'a 0-d (scalar) array is not a table; save a 1-D or 2-D array');
  if (shape.length > 2) fail(path, `shape (${shape.join(', ')}) has ${shape.length} dimensions; only 1-D and 2-D arrays are supported`);
  const rows = shape[0] as number;
  const columns = shape.length === 2 ? (shape[1] as number) : 1;
  const count = rows * columns;
  const expectedBytes = count * dtype.size;
  const available = bytes.length - dataOffset;
  if (available < expectedBytes) fail(path, `truncated data: shape (${shape.join(', ')}) of ${descr} needs ${expectedBytes} bytes, found ${available}`);
  if (available > expectedBytes) fail(path, `${available - expectedBytes} unexpected bytes after the data of shape (${shape.join(', ')})`);
  const data = new Float64Array(count);
  for (let k = 0; k < count; k++) {
    // Element k in file order; map to (i, j) and store row-major.
    const i = fortran ? k % rows : Math.floor(k / columns);
    const j = fortran ? Math.floor(k / rows) : k % columns;
    const value = dtype.read(view, dataOffset + k * dtype.size);
    if (!Number.isFinite(value)) {
      fail(path, `${shape.length === 2 ? `index [${i}, ${j}]` : `index [${i}]`}: expected a finite number, found ${String(value)}`);
    }
    if (!dtype.float && !Number.isSafeInteger(value)) {
      fail(path, `${shape.length === 2 ? `index [${i}, ${j}]` : `index [${i}]`}: integer ${String(value)} is too large to represent exactly`);
    }
    data[i * columns + j] = value;
  }
  return { path, rows, columns, ndim: shape.length === 2 ? 2 : 1, data };
}
