/**
 * docs/math restates the math of the accountants, of tradeoff-core and of the attacks, and the
 * code says where:
 * every source file of those folders cites a docs/math page in its comments (the citation lint
 * checks that the page and section exist), except the files listed below, which compute no
 * formula (argument checks, plumbing, serialisation).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain JavaScript (run by node without a build); exercised by citation-lint.test.ts
import { commentsOf } from './citation-lint.mjs';

const root = new URL('../../../', import.meta.url);
const folders = ['packages/accountants/src/rdp', 'packages/accountants/src/pld', 'packages/accountants/src/prv', 'packages/accountants/src/gdp', 'packages/accountants/src/calibration', 'packages/tradeoff-core/src', 'packages/attacks/src'];

/** Files that compute no formula, and why. */
const noMath: Record<string, string> = {
  'packages/accountants/src/calibration/accountant-factory.ts': 'builds accountants by name',
  'packages/accountants/src/calibration/accountant-choice.ts': 'checks what an accountant factory returns',
  'packages/accountants/src/pld/require-discrete-pld.ts': 'argument check',
  'packages/tradeoff-core/src/curve/define-trade-off.ts': 'wraps a user closed form',
  'packages/tradeoff-core/src/curve/require-trade-off-curve.ts': 'argument check',
  'packages/tradeoff-core/src/curve/sample-curve.ts': 'evaluates a curve on a grid',
  'packages/tradeoff-core/src/curve/validate-alpha.ts': 'argument check',
  'packages/tradeoff-core/src/labels/require-label.ts': 'argument check',
  'packages/tradeoff-core/src/labels/result-labels.ts': 'label vocabulary',
  'packages/tradeoff-core/src/serialization/trade-off-from-json.ts': 'JSON reader',
  'packages/tradeoff-core/src/index.ts': 'exports',
  'packages/tradeoff-core/src/advanced.ts': 'exports',
  'packages/attacks/src/index.ts': 'exports',
  'packages/attacks/src/advanced.ts': 'exports',
  'packages/attacks/src/matrix/matrix.ts': 'matrix shape and argument check',
  'packages/attacks/src/score/attack-scores.ts': 'result type',
  'packages/attacks/src/score/shadow-scores.ts': 'shadow-score layout and argument check',
  'packages/attacks/src/validate/membership-labels.ts': 'argument check',
  'packages/attacks/src/validate/size-limits.ts': 'size limits checked before allocating',
  'packages/attacks/src/simulate/finite-simulation.ts': 'refuses a non-finite simulated value',
};

const sources = execFileSync('git', ['ls-files', ...folders], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.bench.ts') && !f.includes('/test-helpers/'));

describe('the accountants, tradeoff-core and the attacks cite docs/math', () => {
  it('finds the sources', () => {
    expect(sources.length).toBeGreaterThan(50);
    for (const f of Object.keys(noMath)) expect(sources, `${f} is listed as computing no formula but does not exist`).toContain(f);
  });

  it('every source that computes a formula cites a docs/math page in a comment', () => {
    const missing = sources.filter((f) => !(f in noMath) && !(commentsOf(readFileSync(new URL(f, root), 'utf8')) as string).includes('docs/math/'));
    expect(missing).toEqual([]);
  });

  it('the three pages exist and carry the papers\' numbering', () => {
    const accounting = readFileSync(new URL('docs/math/accounting.md', root), 'utf8');
    for (const cite of ['Thm. 21', 'Prop. 12', 'Prop. 3', 'Algorithm 1', 'Thm. 5.5', 'Cor. 2.13', 'Eq. 5']) expect(accounting).toContain(cite);
    const tradeoff = readFileSync(new URL('docs/math/tradeoff-core.md', root), 'utf8');
    for (const cite of ['Def. 2.1', 'Prop. 2.2', 'Prop. 2.5', 'Def. 2.6', 'Prop. 2.12', 'Cor. 2.13', 'Thm. 3.2', 'Cor. 3.3', 'Thm. 4.2', 'Cor. 5.4', 'Prop. 9']) expect(tradeoff).toContain(cite);
    const attacks = readFileSync(new URL('docs/math/attacks.md', root), 'utf8');
    for (const cite of ['Algorithm 1', 'Theorem 5.1', 'Eq. (8)', 'Eqs. (61)–(62)', 'Appendix C.3', 'Theorem 2', 'Corollary 1', 'Lemma 5', 'Clopper & Pearson 1934']) expect(attacks).toContain(cite);
  });
});
