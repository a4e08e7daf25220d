/**
 * The banded matrix run in a practitioner's words (`summary` and `amplificationNote` of
 * `dpbounds dp --mechanism banded-matrix`, docs/cli.md): which strategy, how records join, what
 * the accountants priced for the worst record, and whether any sampling amplification is
 * credited (docs/math/batch-samplers.md, section 7).
 */
import { formatNumber } from '../format.js';
import type { BandedBallsInBinsGuarantee } from '@dpbounds/accountants';
import type { BandedPlan } from './banded-plan.js';

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** How records join steps, in words: `cyclic every 100 steps`. */
function schemeWords(plan: BandedPlan): string {
  const k = plan.event.minSeparation;
  switch (plan.event.participation) {
    case 'cyclic':
      return `cyclic every ${k === 1 ? 'step' : plural(k, 'step')}`;
    case 'balls-in-bins':
      return `balls-in-bins in epochs of ${plural(k, 'step')}`;
    case 'poisson-in-group':
      return `Poisson sampling within ${plural(k, 'group')} (step i samples group i mod ${k} at rate q = kB/N = ${formatNumber(plan.samplingRate)})`;
  }
}

/** What the accountants priced for the worst record. */
function ledgerWords(plan: BandedPlan): string {
  const { bands, minSeparation: k, participation, noiseMultiplier: sigma } = plan.event;
  const delta = formatNumber(plan.sensitivity);
  const oneGaussian = `i.e. one Gaussian of noise σ/Δ = ${formatNumber(sigma / plan.sensitivity)}`;
  const m = plan.participations;
  switch (participation) {
    case 'cyclic':
      return k >= bands
        ? `the worst record's ${plural(m, 'participation')}, ${k} ≥ ${bands} steps apart (disjoint columns: Δ² = Σ‖C[:, i]‖²), Δ = ${delta}, ${oneGaussian}; no amplification`
        : `the worst record's ${plural(m, 'participation')}, ${k} < ${bands} steps apart (overlapping columns: Δ² = Σ|⟨C[:, i], C[:, j]⟩|), Δ = ${delta}, ${oneGaussian}; no amplification`;
    case 'balls-in-bins':
      return `the worst record's ${plural(m, 'participation')} (one per epoch, the worst placement: Δ² = max Σ|⟨C[:, i], C[:, j]⟩|), Δ = ${delta}, ${oneGaussian}, without amplification (the note below says what the random placement adds)`;
    case 'poisson-in-group':
      return plan.samplingRate < 1
        ? `the worst record's ${plural(m, 'possible participation')} (${k} ≥ ${bands} steps apart), each a Poisson-subsampled Gaussian at q = ${formatNumber(plan.samplingRate)} with noise σ / max‖C[:, i]‖ = ${formatNumber(sigma / plan.sensitivity)}; amplified by sampling`
        : `the worst record's ${plural(m, 'participation')} (${k} ≥ ${bands} steps apart, q = 1: its whole group joins), each a Gaussian release of noise σ / max‖C[:, i]‖ = ${formatNumber(sigma / plan.sensitivity)}; no amplification`;
  }
}

/**
 * One line saying what was priced, e.g. "BandMF, 2 bands, cyclic every 100 steps: the worst
 * record's 20 participations, 100 ≥ 2 steps apart (…), Δ = 5, one Gaussian of noise σ/Δ = 0.2;
 * no amplification".
 *
 * @example bandedSummary(bandedPlan({ strategy: { bands: [[1], [0.5]] }, bands: 2, steps: 2000, noiseMultiplier: 1, participation: 'cyclic', minSeparation: 100 }))
 */
export function bandedSummary(plan: BandedPlan): string {
  const collapsed = plan.pricedAs === 'one-gaussian' ? ` (its ${plan.ledger.length} noise levels composed exactly into that one Gaussian)` : '';
  return `BandMF, ${plural(plan.event.bands, 'band')}, ${schemeWords(plan)}: ${ledgerWords(plan)}${collapsed}`;
}

/**
 * Whether sampling amplification is credited, and what that makes the ε: for balls-in-bins the
 * amplified guarantee (`amplified`, docs/math/batch-samplers.md eqs. (B4)–(B6)) and whether it is
 * the ε reported (`credited`; undefined when no guarantee is reported), else why not; and that a
 * bin drawn once is priced by `cyclic`;
 * for poisson-in-group at q = kB/N = 1 that nothing is sampled.
 *
 * @example bandedAmplificationNote(plan, amplified, true) // for balls-in-bins: "balls-in-bins participation is credited with amplification: …"
 */
export function bandedAmplificationNote(plan: BandedPlan, amplified?: BandedBallsInBinsGuarantee, credited?: boolean): string {
  switch (plan.event.participation) {
    case 'cyclic':
      return 'cyclic participation has no sampling randomness, so no amplification is credited: ε is that of the Gaussian mechanism at the worst record\'s sensitivity Δ (a guarantee for rdp, pld and prv).';
    case 'balls-in-bins': {
      const fixedBin = ` If your loop draws each record's bin once and reuses it every epoch (jax_privacy's BallsInBinsSampling), this analysis does not apply; \`--participation cyclic --min-separation ${plan.event.minSeparation}\` prices that loop.`;
      if (amplified === undefined) {
        return `balls-in-bins participation is priced WITHOUT amplification: each record at its worst placement in every epoch, as if the batches were public (a guarantee, likely loose). The amplified bound needs the strategy's entries (--band-values or a diagonals file), not only its column norms.${fixedBin}`;
      }
      const split = `splitting the noise across the strategy's columns makes the release post-processing of DP-SGD with the same balls-in-bins batches at noise σ/ρ = ${formatNumber(amplified.noiseMultiplier)} (ρ = ${formatNumber(amplified.splitSensitivity)}), whose random-allocation bound over ${amplified.epochs} epochs of ${amplified.batchesPerEpoch} steps gives ε ≤ ${formatNumber(amplified.epsilon)}`;
      if (credited === undefined) return `balls-in-bins participation: ${split} (a guarantee).${fixedBin}`;
      return credited
        ? `balls-in-bins participation is credited with amplification: ${split}, below the guarantee without amplification (each record at its worst placement), so that is the ε reported (a guarantee).${fixedBin}`
        : `balls-in-bins participation: ${split}, which is not below the guarantee without amplification (each record at its worst placement), so the latter is reported (both are guarantees).${fixedBin}`;
    }
    case 'poisson-in-group':
      if (plan.samplingRate >= 1) return 'poisson-in-group at q = kB/N = 1 samples nothing: every record of a group joins each of its steps, so no amplification is credited (the same ε as cyclic participation every k steps when the column norms are equal).';
      return 'amplified BandMF (Choquette-Choo et al. 2023): each record belongs to one of the k ≥ b groups and joins each step of its group with probability q = kB/N; its steps are k apart, so each is one Poisson-subsampled Gaussian, priced at the largest column norm (a guarantee for rdp, pld and prv).';
  }
}
