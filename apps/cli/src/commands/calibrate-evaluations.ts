/**
 * The accountants of a `dpbounds calibrate` σ search, counted and drawn: each evaluation of ε(σ)
 * is one synchronous accounting (about a second each for PRV, and for PLD over long runs), so
 * each is drawn as it starts. The bar counts them against the typical number and stretches when
 * a search needs more, so it moves with every step and reaches 100 % only at the end. The
 * library also builds accountants it never evaluates (to read their kind, and PRV's start
 * search), so an evaluation is counted where it happens, at the one `compose` of each σ priced:
 * the count drawn is the `accountant evaluations` of the result. Shared by the DP-SGD and the
 * banded-matrix calibrations.
 */
import { createAccountant } from '@dpbounds/accountants';
import type { AccountantKind, NeighbouringRelation, PrivacyAccountant } from '@dpbounds/accountants';
import type { CommandIo } from '../command.js';
import { createProgress } from '../progress.js';
import type { Progress } from '../progress.js';

/**
 * Evaluations of ε(σ) a calibration usually needs: 5–9 measured for rdp and pld (3–4 for gdp);
 * 2–3 for prv, which first finds a start with cheap PRV estimates (one more unit of the bar).
 */
const TYPICAL_EVALUATIONS = 9;
const TYPICAL_PRV_EVALUATIONS = 3;

/** A factory of fresh accountants for the library's calibration, and the bar it draws on. */
export interface CountedAccountants {
  readonly factory: () => PrivacyAccountant;
  readonly progress: Progress;
}

/**
 * Fresh accountants of `kind` for `neighbouring` whose every `compose` (one evaluation of ε(σ))
 * advances the `calibrate` bar; `slow` draws each stage as it starts. Call `progress.finish()`
 * when the search ends (also when it throws).
 *
 * @example const { factory, progress } = countedAccountants(io, 'pld', 'add-remove', false); try { calibrateEpsilon(query, 'pld', factory); } finally { progress.finish(); }
 */
export function countedAccountants(io: CommandIo, kind: AccountantKind, neighbouring: NeighbouringRelation, slow: boolean): CountedAccountants {
  const start = kind === 'prv' ? 1 : 0;
  const typical = kind === 'prv' ? TYPICAL_PRV_EVALUATIONS : TYPICAL_EVALUATIONS;
  const progress = createProgress(io, 'calibrate', typical + start, { eager: slow || kind === 'prv' });
  let evaluations = 0;
  let started = false;
  const factory = (): PrivacyAccountant => {
    if (!started) progress.stage(`searching σ${start === 1 ? ', prv estimates for a start' : ''}`, typical + start, 0);
    started = true;
    const priced = createAccountant(kind, { neighbouring });
    const compose = priced.compose.bind(priced);
    priced.compose = (event, count) => {
      evaluations++;
      progress.stage(`searching σ, ${kind} evaluation ${evaluations}`, Math.max(typical, evaluations + 2) + start, evaluations - 1 + start);
      return compose(event, count);
    };
    return priced;
  };
  return { factory, progress };
}
