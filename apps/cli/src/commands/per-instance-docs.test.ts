/**
 * docs/per-instance.md quotes `dpbounds per-instance` and `dpbounds convert` output on the
 * committed Adult trace: re-run both and check the page still says what the CLI prints.
 */
import { readFileSync } from 'node:fs';
import { perInstanceStepRdp } from '@dpbounds/accountants/advanced';
import { describe, expect, it } from 'vitest';
import { runCaptured } from '../test-helpers/capture-io.js';

const root = new URL('../../../../', import.meta.url);
const page = readFileSync(new URL('docs/per-instance.md', root), 'utf8');
const trace = new URL('docs/per-instance/adult-trace.json', root).pathname;

describe('docs/per-instance.md', () => {
  it('shows exactly the table dpbounds per-instance prints for the committed trace', async () => {
    const run = await runCaptured(['per-instance', '--trace', trace, '--alpha', '2,3,4,6,8,12,16,24,32,48,64', '--delta', '1e-5']);
    expect(run.code).toBe(0);
    const block = /--alpha 2,3,4,6,8,12,16,24,32,48,64 --delta 1e-5\n```\n\n```\n([\s\S]*?)```/.exec(page)?.[1];
    expect(block, 'the output block after the command').toBeDefined();
    expect(run.stdout).toBe(block);
  });

  it('quotes the TPR caps dpbounds convert gives for the typical record (its estimate) and for the outlier and 8116 (the run\'s DP guarantee)', async () => {
    const json = JSON.parse((await runCaptured(['per-instance', '--trace', trace, '--alpha', '2,3,4,6,8,12,16,24,32,48,64', '--delta', '1e-5', '--json'])).stdout) as {
      points: { id: number; epsilon: number; belowDpGuarantee: boolean; bound: string }[];
      dpGuarantee: { epsilon: number };
    };
    const cases: [number, string][] = [[15918, '| typical 15918 | 1.22 |'], [3914, '| outlier 3914 | 5.76 |'], [8116, '| random 8116 | 5.76 |']];
    for (const [id, rowStart] of cases) {
      const point = json.points.find((p) => p.id === id);
      // a record not below the DP guarantee is protected by it: the cap quoted is the guarantee's
      const epsilon = point?.belowDpGuarantee === true ? point.epsilon : json.dpGuarantee.epsilon;
      expect(point?.belowDpGuarantee, String(id)).toBe(id === 15918);
      expect(page).toContain(`--epsilon ${epsilon} --delta 1e-5`);
      const convert = JSON.parse((await runCaptured(['convert', '--epsilon', String(epsilon), '--delta', '1e-5', '--fpr', '0.001,0.01', '--json'])).stdout) as {
        tprAtFpr: { fpr: number; tpr: number }[];
      };
      const percent = (x: number): string => `${Number((100 * x).toPrecision(3))} %`;
      const [low, high] = convert.tprAtFpr.map((p) => percent(p.tpr));
      expect(page).toContain(`${rowStart} ${low} | ${high} |`);
    }
  });

  it('quotes the comparison with the run\'s DP guarantee and the λ trade-off numbers the command gives', async () => {
    const args = ['per-instance', '--trace', trace, '--alpha', '2,3,4,6,8,12,16,24,32,48,64', '--delta', '1e-5', '--json'];
    type Out = { points: { id: number; epsilon: number }[]; dpGuarantee: { epsilon: number }; comparison: { belowDpGuarantee: number; records: number } };
    const base = JSON.parse((await runCaptured(args)).stdout) as Out;
    expect(page).toContain(`Every record of this run has the DP guarantee ε = ${base.dpGuarantee.epsilon.toFixed(2)}`);
    expect(page).toContain(`adds something for ${base.comparison.belowDpGuarantee} of the ${base.comparison.records} records`);
    const large = JSON.parse((await runCaptured([...args, '--lambda', '1e9'])).stdout) as Out;
    const eps = (out: Out, id: number): string => (out.points.find((p) => p.id === id)?.epsilon as number).toFixed(2);
    expect(page).toContain(`\`--lambda 1e9\` gives record 23607 ε = ${eps(large, 23607)} instead of ${eps(base, 23607)}, but record 20661 ${eps(large, 20661)}\n  instead of ${eps(base, 20661)}`);
  });

  it('quotes per-step RDP values that perInstanceStepRdp gives for the run', () => {
    const meta = JSON.parse(readFileSync(trace, 'utf8')) as { samplingRate: number; noiseMultiplier: number };
    const cells = /\| per-step RDP ε₈ \| (.*) \|/.exec(page)?.[1]?.split(' | ') ?? [];
    const ratios = [1, 0.6, 0.3, 0.1, 0.03];
    expect(cells).toHaveLength(ratios.length);
    ratios.forEach((ratio, i) => {
      const quoted = Number((cells[i] as string).replace('−', '-'));
      const exact = perInstanceStepRdp({ alpha: 8, q: meta.samplingRate, sigma: meta.noiseMultiplier, ratio });
      expect(Math.abs(quoted - exact) / exact, `ratio ${ratio}`).toBeLessThan(0.005);
    });
  });

  it('quotes the mean ratios of the trace at the listed steps', () => {
    const data = JSON.parse(readFileSync(trace, 'utf8')) as { clip: number; records: { id: number }[]; checkpointSteps: number[]; runs: { excludedRecords?: number[]; gradientNorms: number[][] }[] };
    const steps = /Ratios r \(mean over the five runs that trained with the record\) at steps ([\d, ]+):/.exec(page)?.[1]?.split(', ').map(Number) ?? [];
    expect(steps.length).toBeGreaterThan(5);
    const rows = [...page.matchAll(/^\| (typical|random|outlier) (\d+) \| ([\d., ]+) \|$/gm)];
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const record = data.records.findIndex((r) => r.id === Number(row[2]));
      const runs = data.runs.filter((run) => !(run.excludedRecords ?? []).includes(Number(row[2])));
      expect(runs).toHaveLength(5);
      const quoted = (row[3] as string).split(', ').map(Number);
      steps.forEach((step, k) => {
        const c = data.checkpointSteps.indexOf(step);
        const mean = runs.reduce((acc, run) => acc + (run.gradientNorms[c]?.[record] as number) / data.clip, 0) / runs.length;
        expect(Math.abs(mean - (quoted[k] as number)), `record ${row[2]} step ${step}`).toBeLessThanOrEqual(0.0005 + 1e-12);
      });
    }
  });
});
