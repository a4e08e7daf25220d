/**
 * The library's typed errors about a banded matrix run, in the words of `dpbounds dp --mechanism
 * banded-matrix`: a strategy problem names the file (or --band-values) and the entry
 * (`--strategy s.json: bands[1] must be 1999 entries …`), a noise level the accountants cannot
 * price names --noise-multiplier with the strategy that divided it, and every other library
 * parameter becomes its flag (`minSeparation` → `--min-separation`). The generic mapping of
 * `library-error-message.ts` cannot do this: `strategy.bands[1]` would read as the flag --bands.
 */
import { isDpboundsError } from '@dpbounds/special-functions';
import { formatNumber } from '../format.js';
import { UsageError } from '../usage-error.js';
import type { StrategySource } from './banded-flags.js';

/** Library parameter names of a banded run and the flags that set them. */
const FLAG_OF: Readonly<Record<string, string>> = {
  steps: 'steps',
  bands: 'bands',
  minSeparation: 'min-separation',
  datasetSize: 'dataset-size',
  batchSize: 'batch-size',
  noiseMultiplier: 'noise-multiplier',
  participation: 'participation',
  delta: 'delta',
  neighbouring: 'neighbouring',
};

/**
 * The flag and value the strategy came from, as the user wrote them.
 *
 * @example strategySourceText({ flag: 'strategy', path: 'bandmf.json', form: 'bands' }) // '--strategy bandmf.json'
 */
export function strategySourceText(source: StrategySource): string {
  return source.flag === 'band-values' ? `--band-values ${source.text}` : `--strategy ${source.path}`;
}

/** camelCase parameter names in a message (`at most datasetSize/minSeparation`) as flags; plain words (`steps`) stay words. */
function withFlags(text: string): string {
  return text.replace(/\b[a-z]+(?:[A-Z][a-z0-9]*)+\b/g, (word) => (FLAG_OF[word] !== undefined ? `--${FLAG_OF[word]}` : word));
}

/**
 * The one-line usage error for a library error thrown while building or pricing the run, or
 * `undefined` when `error` is not a typed dpbounds error (an internal failure). `noiseMultiplier`
 * is the σ given.
 *
 * @example bandedUsageError(new DpboundsRangeError({ code: 'ERR_INVALID_LENGTH', parameter: 'strategy.bands[1]', expected: '9 entries', found: 2 }), { flag: 'strategy', path: 's.json', form: 'bands' }, 1)?.message
 * // '--strategy s.json: bands[1] must be 9 entries; found 2'
 */
export function bandedUsageError(error: unknown, source: StrategySource, noiseMultiplier: number): UsageError | undefined {
  if (!isDpboundsError(error)) return undefined;
  const parameter = error.parameter.replace(/^event\./, '');
  const message = error.message.replace(/^event\./, '');
  if (parameter.startsWith('strategy')) {
    return new UsageError(`${strategySourceText(source)}: ${message.replace(/^strategy\.?\s*/, '') || message}`);
  }
  if (parameter === 'noiseMultiplier' && typeof error.found === 'number' && error.found !== noiseMultiplier) {
    // an accountant refused a noise level the strategy derived from σ (σ/‖C[:, i]‖ or σ/Δ)
    const advice = message.replace(/\buse the RDP accountant\b/g, 'use --accountant rdp').replace(/^noiseMultiplier /, '');
    return new UsageError(`--noise-multiplier ${formatNumber(noiseMultiplier)} with ${strategySourceText(source)}: the noise of the worst record's releases (σ divided by the strategy's norms) ${advice}`);
  }
  const flag = FLAG_OF[parameter];
  const head = flag !== undefined && message.startsWith(`${parameter} `) ? `--${flag}${message.slice(parameter.length)}` : message;
  return new UsageError(withFlags(head));
}
