/**
 * Creating and restoring accountants by name (used by calibration, the CLI and checkpoints).
 */
import { DpboundsTypeError } from '@dpbounds/special-functions';
import type { AccountantKind, NeighbouringRelation, PrivacyAccountant } from '../accountant.js';
import { GdpAccountant } from '../gdp/gdp-accountant.js';
import { PldAccountant } from '../pld/pld-accountant.js';
import { PrvAccountant } from '../prv/prv-accountant.js';
import { RdpAccountant } from '../rdp/rdp-accountant.js';

/** The accountant names accepted by {@link createAccountant}. */
export const ACCOUNTANT_KINDS: readonly AccountantKind[] = Object.freeze(['rdp', 'pld', 'prv', 'gdp'] as const);

/**
 * A new, empty accountant of the given kind with default options.
 *
 * @example createAccountant('pld', { neighbouring: 'substitution' })
 */
export function createAccountant(kind: AccountantKind, options: { readonly neighbouring?: NeighbouringRelation } = {}): PrivacyAccountant {
  const neighbouring = options.neighbouring ?? 'add-remove';
  switch (kind) {
    case 'rdp':
      return new RdpAccountant({ neighbouring });
    case 'pld':
      return new PldAccountant({ neighbouring });
    case 'prv':
      return new PrvAccountant({ neighbouring });
    case 'gdp':
      return new GdpAccountant({ neighbouring });
    default:
      throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'accountant', expected: '"rdp", "pld", "prv" or "gdp"', found: kind });
  }
}

/**
 * Restores any accountant from its `toJSON()` state (validated), e.g. after a checkpoint.
 *
 * @example restoreAccountant(JSON.parse(savedText)).getEpsilon(1e-5)
 */
export function restoreAccountant(state: unknown): PrivacyAccountant {
  const kind = state !== null && typeof state === 'object' ? (state as { accountant?: unknown }).accountant : undefined;
  switch (kind) {
    case 'rdp':
      return RdpAccountant.fromJSON(state);
    case 'pld':
      return PldAccountant.fromJSON(state);
    case 'prv':
      return PrvAccountant.fromJSON(state);
    case 'gdp':
      return GdpAccountant.fromJSON(state);
    default:
      throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: 'state.accountant', expected: '"rdp", "pld", "prv" or "gdp"', found: kind });
  }
}
