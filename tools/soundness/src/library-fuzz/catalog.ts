/**
 * The entry points under fuzz: every function and class exported by the analysis packages and
 * the instrumentation package, from the root and the `/advanced` entry points (special-functions
 * is the kernel layer: its kernels follow the IEEE policy, NaN in, NaN out, and are not probed),
 * and the scope in which `@example` doc comments are evaluated.
 */
import * as accountants from '@dpbounds/accountants';
import * as accountantsAdvanced from '@dpbounds/accountants/advanced';
import * as attacks from '@dpbounds/attacks';
import * as attacksAdvanced from '@dpbounds/attacks/advanced';
import * as auditOneRun from '@dpbounds/audit-one-run';
import * as auditOneRunAdvanced from '@dpbounds/audit-one-run/advanced';
import * as sgdInstrumentation from '@dpbounds/sgd-instrumentation';
import * as sgdInstrumentationAdvanced from '@dpbounds/sgd-instrumentation/advanced';
import * as specialFunctions from '@dpbounds/special-functions';
import * as specialFunctionsAdvanced from '@dpbounds/special-functions/advanced';
import * as tradeoffCore from '@dpbounds/tradeoff-core';
import * as tradeoffCoreAdvanced from '@dpbounds/tradeoff-core/advanced';

/** A callable export. */
export type AnyFunction = (...args: unknown[]) => unknown;

/** The probed entry points, by package. */
export const PACKAGES: ReadonlyArray<readonly [string, Record<string, unknown>]> = [
  ['@dpbounds/tradeoff-core', tradeoffCore],
  ['@dpbounds/tradeoff-core/advanced', tradeoffCoreAdvanced],
  ['@dpbounds/accountants', accountants],
  ['@dpbounds/accountants/advanced', accountantsAdvanced],
  ['@dpbounds/audit-one-run', auditOneRun],
  ['@dpbounds/audit-one-run/advanced', auditOneRunAdvanced],
  ['@dpbounds/attacks', attacks],
  ['@dpbounds/attacks/advanced', attacksAdvanced],
  ['@dpbounds/sgd-instrumentation', sgdInstrumentation],
  ['@dpbounds/sgd-instrumentation/advanced', sgdInstrumentationAdvanced],
];

/**
 * Exports that are not functions of user data. Each entry says why; none hides a failure.
 * (Constants and type guards are filtered by type; this list is for functions.)
 */
export const NOT_USER_DATA: ReadonlyMap<string, string> = new Map<string, string>([
  // Error constructors: they build the typed error itself from the caller's words and keep the
  // offending value as given in `found` (NaN included); they are what a refusal returns.
  ['UnsupportedEventError', 'constructs the typed error for an unsupported event'],
  ['csvFormatError', 'constructs the typed error for a malformed CSV line'],
  // Scalar kernels of the reference models, called per example per step: they follow the
  // kernels' IEEE policy (NaN in, NaN out) so that a diverging run (a logit overflowing to NaN)
  // reaches the trainer, whose refusal names the user's flags (--clip, --learning-rate).
  // Throwing here would replace that with a refusal naming the internal logit.
  ['sigmoid', 'scalar model kernel: NaN in, NaN out; divergence is refused by trainDpSgd'],
  ['logisticLoss', 'scalar model kernel: NaN in, NaN out; divergence is refused by trainDpSgd'],
]);

/** The function exports of one module, by name, without {@link NOT_USER_DATA}. */
export function functionExports(module: Record<string, unknown>): Array<[string, AnyFunction]> {
  return Object.entries(module)
    .filter((entry): entry is [string, AnyFunction] => typeof entry[1] === 'function')
    .filter(([name]) => !NOT_USER_DATA.has(name))
    .sort(([a], [b]) => a.localeCompare(b));
}

/** Every probed entry point once (an export of both the root and `/advanced` is one entry point), sorted by name. */
export function entryPoints(): Array<[string, AnyFunction]> {
  const byName = new Map<string, AnyFunction>();
  for (const [, module] of PACKAGES) for (const [name, fn] of functionExports(module)) if (!byName.has(name)) byName.set(name, fn);
  return [...byName].sort(([a], [b]) => a.localeCompare(b));
}

/** Every export of every package (special-functions included): the names an `@example` may use. */
export function exampleScope(): Record<string, unknown> {
  const scope: Record<string, unknown> = { ...specialFunctions, ...specialFunctionsAdvanced };
  for (const [, module] of PACKAGES) Object.assign(scope, module);
  return scope;
}
