/**
 * RDP order grids (docs/math/accounting.md §2, "Orders").
 */

function fractional(): number[] {
  const out: number[] = [];
  for (let k = 1; k <= 99; k++) out.push(Number((1 + k / 10).toFixed(1)));
  return out;
}

function integers(from: number, to: number): number[] {
  const out: number[] = [];
  for (let a = from; a <= to; a++) out.push(a);
  return out;
}

/**
 * Opacus `DEFAULT_ALPHAS`: 1.1, 1.2, …, 10.9 then the integers 12..63 (11 is absent): 151 orders.
 * Use it to reproduce Opacus' numbers; its last order (63) is often the argmin for large σ.
 *
 * @example OPACUS_RDP_ORDERS.length // 151
 */
export const OPACUS_RDP_ORDERS: readonly number[] = Object.freeze([...fractional(), ...integers(12, 63)]);

/**
 * dp_accounting `DEFAULT_RDP_ORDERS`: the same 99 fractional orders, 11..63, 128, 256, 512, 1024.
 *
 * @example DP_ACCOUNTING_RDP_ORDERS.length // 156
 */
export const DP_ACCOUNTING_RDP_ORDERS: readonly number[] = Object.freeze([...fractional(), ...integers(11, 63), 128, 256, 512, 1024]);

/**
 * The default grid of this library: a superset of both anchors' grids, finer near 1 (1.01 …
 * 1.09, for large ε) and extending far beyond 63 (64 … 8192, for large σ and small q, where the
 * optimum leaves Opacus' grid: σ = 4, q = 1e-3, T = 1e3 gives 0.105 on Opacus' grid, 0.049 on
 * dp_accounting's and smaller still here).
 *
 * @example DEFAULT_RDP_ORDERS.includes(63) && DEFAULT_RDP_ORDERS.includes(1024) // true
 */
export const DEFAULT_RDP_ORDERS: readonly number[] = Object.freeze(
  [
    1.01, 1.02, 1.03, 1.04, 1.05, 1.06, 1.07, 1.08, 1.09,
    ...fractional(),
    ...integers(11, 64),
    72, 80, 88, 96, 112, 128, 144, 160, 192, 224, 256, 320, 384, 448, 512, 640, 768, 896, 1024,
    1280, 1536, 2048, 3072, 4096, 6144, 8192,
  ],
);

/**
 * Largest finite Rényi order α accepted: 2²⁰, the last order the RDP accountant's default grid
 * is extended to. An integer order costs O(α) time and memory (the binomial expansion of A_α:
 * 8 MiB of weights at 2²⁰); orders past it are refused, +∞ is still accepted where documented.
 *
 * @example MAX_RDP_ORDER // 1048576
 */
export const MAX_RDP_ORDER: number = 2 ** 20;
