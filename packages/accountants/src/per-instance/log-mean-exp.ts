/**
 * The power-mean term of the Hölder composition (spec per-instance-rdp.md §5):
 *
 *   (1/s)·ln( (1/R)·Σ_r exp(s·x_r) ),   s > 0,
 *
 * computed as max x + log1p(Σ_r expm1(s(x_r − max x)) / R)/s, so that equal values come back
 * exactly and tiny values (x ≈ 1e−12 with s·x ≪ ln R) keep full relative accuracy, which the
 * plain `logSumExp(s·x) − ln R` form loses. Internal; the value lies between the mean and the
 * max of the x_r and is non-decreasing in s.
 */

/** (1/s)·ln mean_r exp(s·x_r) over `values[from..to)`, for s > 0 and finite x (unvalidated). */
export function scaledLogMeanExp(values: ArrayLike<number>, scale: number, from = 0, to: number = values.length): number {
  let max = -Infinity;
  for (let i = from; i < to; i++) {
    const v = values[i] as number;
    if (v > max) max = v;
  }
  let sum = 0;
  for (let i = from; i < to; i++) sum += Math.expm1(scale * ((values[i] as number) - max));
  return sum === 0 ? max : max + Math.log1p(sum / (to - from)) / scale;
}
