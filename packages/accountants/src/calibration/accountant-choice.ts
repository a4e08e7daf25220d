/**
 * The accountant a calibration prices its candidates with: a kind, built fresh for each
 * candidate, or the caller's factory, whose every product is checked before it is used (a
 * factory returning `undefined` or some other object is refused naming the option, with what it
 * returned, instead of failing later inside the search).
 */
import { DpboundsTypeError } from '@dpbounds/special-functions';
import type { AccountantKind, NeighbouringRelation, PrivacyAccountant } from '../accountant.js';
import { ACCOUNTANT_KINDS, createAccountant } from './accountant-factory.js';

/** Which accountant prices the candidates: a kind, or a factory of fresh empty accountants. */
export type AccountantChoice = AccountantKind | (() => PrivacyAccountant);

/** What a factory must return, as the refusal says it. */
const ACCOUNTANT_EXPECTED = 'a factory returning an accountant (an object with kind "rdp", "pld", "prv" or "gdp", neighbouring "add-remove" or "substitution", and the methods compose and getEpsilon)';

/**
 * Requires a kind or a function and returns a factory of fresh accountants: for a kind, its
 * constructor with `neighbouring` (default `add-remove`); for a function, the function whose
 * every result is checked to be an accountant (`kind` among the four, `neighbouring` one of the
 * two relations, `compose` and `getEpsilon` methods).
 *
 * @throws DpboundsTypeError (`ERR_INVALID_TYPE`) naming `parameter` when `choice` is neither,
 * and naming `parameter` with the value it returned (`found`) when a call of the factory returns
 * something other than an accountant.
 * @example accountantFactory('accountant', 'rdp', 'substitution')().kind // 'rdp'
 */
export function accountantFactory(parameter: string, choice: unknown, neighbouring: NeighbouringRelation | undefined): () => PrivacyAccountant {
  if (typeof choice === 'function') {
    const factory = choice as () => unknown;
    return () => requireAccountantProduct(parameter, factory());
  }
  if (!(ACCOUNTANT_KINDS as readonly unknown[]).includes(choice)) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter, expected: '"rdp", "pld", "prv", "gdp" or a factory function', found: choice });
  }
  const kind = choice as AccountantKind;
  return () => createAccountant(kind, { neighbouring: neighbouring ?? 'add-remove' });
}

/** The factory's result if it is an accountant; else the refusal naming the factory and what it returned. */
function requireAccountantProduct(parameter: string, made: unknown): PrivacyAccountant {
  const a = made as Partial<Record<'kind' | 'neighbouring' | 'compose' | 'getEpsilon', unknown>> | null;
  const isAccountant =
    a !== null && typeof a === 'object' &&
    (ACCOUNTANT_KINDS as readonly unknown[]).includes(a.kind) &&
    (a.neighbouring === 'add-remove' || a.neighbouring === 'substitution') &&
    typeof a.compose === 'function' && typeof a.getEpsilon === 'function';
  if (!isAccountant) throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter, expected: ACCOUNTANT_EXPECTED, found: made });
  return made as PrivacyAccountant;
}
