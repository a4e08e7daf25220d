import { describe, expect, it } from 'vitest';
import { runCaptured } from '../test-helpers/capture-io.js';
import { dpCommand } from './dp.js';

const commands = [dpCommand];
const runJson = async (argv: readonly string[]): Promise<Record<string, unknown>> => {
  const run = await runCaptured(['dp', ...argv, '--json'], { commands });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as Record<string, unknown>;
};
const refused = async (argv: readonly string[]): Promise<string> => {
  const run = await runCaptured(['dp', ...argv], { commands });
  expect(run.code).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  return run.stderr;
};
const sizes = ['--batch-size', '100', '--dataset-size', '10000'];
const run = ['--noise-multiplier', '1', '--steps', '500', '--delta', '1e-5'];
type Value = { epsilon: number; kind: string; method: string };

describe('dpbounds dp --sampling', () => {
  it('fixed-size: the sampler ε is a guarantee above the Poisson ε, which is flagged as not covering the run', async () => {
    const out = await runJson(['--sampling', 'fixed-size', ...sizes, ...run]);
    expect(out.sampling).toBe('fixed-size');
    expect(out.kind).toBe('guarantee');
    expect(out.poissonValidForRun).toBe(false);
    const poisson = out.poisson as Value;
    expect(poisson.kind).toBe('guarantee');
    expect(out.epsilon as number).toBeGreaterThan(poisson.epsilon);
    expect((out.lower as Value).kind).toBe('lower-bound');
    expect((out.lower as Value).epsilon).toBeLessThanOrEqual(out.epsilon as number);
    expect(out.samplingRate).toBe(0.01);
    expect(out.note).toMatch(/does not apply/);
    // the Poisson ε beside it is exactly what `dp --sampling-rate b/N` prints
    const legacy = await runJson(['--sampling-rate', '0.01', ...run]);
    expect(poisson.epsilon).toBe(legacy.epsilon);
  });

  it('fixed-size under substitution: --accountant rdp prices sampling without replacement (Wang et al. 2019), never below the PLD guarantee', async () => {
    const rdp = await runJson(['--sampling', 'fixed-size', ...sizes, ...run, '--neighbouring', 'substitution', '--accountant', 'rdp']);
    const pld = await runJson(['--sampling', 'fixed-size', ...sizes, ...run, '--neighbouring', 'substitution']);
    expect(rdp.kind).toBe('guarantee');
    expect(rdp.method as string).toMatch(/without replacement/);
    expect(rdp.epsilon as number).toBeGreaterThanOrEqual(pld.epsilon as number);
    expect(rdp.epsilon as number).toBeGreaterThan((rdp.poisson as Value).epsilon);
  });

  it('balls-in-bins: its ε is the random-allocation guarantee, with the Poisson estimate at rate 1/K beside it, below it and labelled an estimate', async () => {
    const out = await runJson(['--sampling', 'balls-in-bins', ...sizes, ...run]);
    expect(out.kind).toBe('guarantee');
    expect(out.method as string).toMatch(/random allocation/);
    const upper = out.upper as Value;
    expect(upper.epsilon).toBe(out.epsilon);
    const estimate = out.estimate as Value;
    expect(estimate.kind).toBe('estimate');
    expect(estimate.epsilon).toBeLessThanOrEqual(out.epsilon as number);
    expect((out.lower as Value).epsilon).toBeLessThanOrEqual(estimate.epsilon);
    expect(out.poissonValidForRun).toBe(false);
    const text = await runCaptured(['dp', '--sampling', 'balls-in-bins', ...sizes, ...run], { commands });
    expect(text.stdout).toMatch(/estimate +ε ≈ [\d.]+ \(estimate, not a bound\): Poisson at rate 1\/100/);
  });

  it('truncated-poisson needs --max-batch-size; with a cap its guarantee is at least the Poisson ε', async () => {
    expect(await refused(['--sampling', 'truncated-poisson', ...sizes, ...run])).toMatch(/--max-batch-size/);
    const out = await runJson(['--sampling', 'truncated-poisson', ...sizes, '--max-batch-size', '120', ...run]);
    expect(out.kind).toBe('guarantee');
    expect(out.maxBatchSize).toBe(120);
    expect(out.epsilon as number).toBeGreaterThanOrEqual((out.poisson as Value).epsilon);
  });

  it('poisson given by --batch-size / --dataset-size is valid for the run and equals the Poisson accountant', async () => {
    const out = await runJson(['--sampling', 'poisson', ...sizes, ...run]);
    expect(out.poissonValidForRun).toBe(true);
    expect(out.epsilon).toBe((out.poisson as Value).epsilon);
    const legacy = await runJson(['--sampling', 'poisson', '--sampling-rate', '0.01', ...run]);
    expect(legacy.sampling).toBe('poisson');
    expect(legacy.poissonValidForRun).toBe(true);
    expect(legacy.epsilon).toBe(out.epsilon);
  });

  it('poisson: --sampling-rate beside --batch-size/--dataset-size prices the rate (Opacus: 1/len(loader)) for every accountant, echoes the sizes, and says which was priced', async () => {
    const opacus = ['--sampling-rate', '0.009708737864077669', '--batch-size', '256', '--dataset-size', '26048'];
    const small = ['--noise-multiplier', '1', '--steps', '30', '--delta', '1e-5'];
    const plain = await runJson(['--sampling-rate', '0.009708737864077669', ...small, '--accountant', 'all']);
    for (const sampling of [['--sampling', 'poisson'], []]) {
      const all = await runJson([...sampling, ...opacus, ...small, '--accountant', 'all']);
      expect(all.results).toEqual(plain.results);
      expect([all.samplingRate, all.batchSize, all.datasetSize, all.sizeRate]).toEqual([0.009708737864077669, 256, 26048, 256 / 26048]);
      expect(all.samplingNote).toMatch(/^priced at --sampling-rate q = 0\.00970874, the rate the loop ran .*--batch-size \/ --dataset-size = 0\.00982801 is context, not priced$/);
    }
    const rdp = await runJson(['--sampling', 'poisson', ...opacus, ...small, '--accountant', 'rdp']);
    const plainRdp = (plain.results as Value[]).find((r) => (r as unknown as { accountant: string }).accountant === 'rdp') as Value;
    expect(rdp.epsilon).toBe(plainRdp.epsilon);
    expect(rdp.poissonValidForRun).toBe(true);
    expect(rdp.sampling).toBe('poisson');
    const text = await runCaptured(['dp', ...opacus, ...small], { commands });
    expect(text.stdout).toMatch(/note \(sampling\): priced at --sampling-rate q = 0\.00970874/);
    // q = b/N: the same rate, no note
    const same = await runJson(['--sampling', 'poisson', '--sampling-rate', '0.01', ...sizes, ...run]);
    expect(same.samplingNote).toBeUndefined();
    expect(same.epsilon).toBe((await runJson(['--sampling-rate', '0.01', ...run])).epsilon);
  });

  it('other samplers are priced from b and N: a --sampling-rate equal to b/N changes nothing, one that differs is refused saying why', async () => {
    const withRate = await runJson(['--sampling', 'fixed-size', '--sampling-rate', '0.01', ...sizes, ...run]);
    expect(withRate).toEqual(await runJson(['--sampling', 'fixed-size', ...sizes, ...run]));
    expect(await refused(['--sampling', 'shuffle', '--sampling-rate', '0.0097', ...sizes, ...run])).toBe('dpbounds dp: --sampling shuffle is priced from --batch-size and --dataset-size (its ε depends on both, not on a rate): --sampling-rate 0.0097 contradicts --batch-size / --dataset-size = 0.01; drop --sampling-rate\n');
  });

  it('without --sampling the JSON keeps its fields (no sampler block)', async () => {
    const out = await runJson(['--sampling-rate', '0.01', ...run]);
    expect(out.sampling).toBeUndefined();
    expect(out.accountant).toBe('pld');
  });

  it('text output says in words which ε covers the loop', async () => {
    const text = await runCaptured(['dp', '--sampling', 'fixed-size', ...sizes, ...run], { commands });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/ε of fixed-size batches\s+ε ≤ [\d.]+ \(guarantee\)/);
    expect(text.stdout).toMatch(/Poisson accountant\s+ε = [\d.]+ at q = b\/N: does NOT apply to this run/);
  });

  it('--batches-per-epoch K and --drop-last (K = ⌊N/b⌋) price the loop\'s epochs, stated in the JSON; fewer batches per epoch never lower the guarantee', async () => {
    // σ = 2: the shuffle and random-allocation accountants price a large σ with little work
    const three = ['--batch-size', '400', '--dataset-size', '1000', '--noise-multiplier', '2', '--steps', '3', '--delta', '1e-5'];
    for (const sampling of ['shuffle', 'balls-in-bins'] as const) {
      const kept = await runJson(['--sampling', sampling, ...three]);
      expect([kept.batchesPerEpoch, kept.epochs, kept.fullEpochs]).toEqual([3, 1, 1]);
      const dropped = await runJson(['--sampling', sampling, ...three, '--drop-last']);
      expect([dropped.batchesPerEpoch, dropped.epochs, dropped.fullEpochs]).toEqual([2, 2, 1]);
      expect(await runJson(['--sampling', sampling, ...three, '--batches-per-epoch', '2'])).toEqual(dropped);
      expect((dropped.upper as Value).epsilon).toBeGreaterThan((kept.upper as Value).epsilon);
      expect((dropped.upper as Value).method).toMatch(/2 epochs of 2 batches/);
    }
    const text = await runCaptured(['dp', '--sampling', 'shuffle', ...three, '--drop-last'], { commands });
    expect(text.stdout).toMatch(/epochs\s+2 of 2 batches/);
    expect(text.stdout).toMatch(/neighbouring\s+add-remove, read as zero-out/);
  });

  it('shuffle under add-remove says in the JSON that its values read the relation as zero-out', async () => {
    const out = await runJson(['--sampling', 'shuffle', ...sizes, ...run]);
    expect(out.neighbouring).toBe('add-remove');
    expect(out.readAs).toBe('zero-out');
    expect((out.upper as Value & { readAs: string }).readAs).toBe('zero-out');
    expect((out.poisson as Value & { readAs?: string }).readAs).toBeUndefined();
    const sub = await runJson(['--sampling', 'shuffle', ...sizes, ...run, '--neighbouring', 'substitution']);
    expect(sub.readAs).toBeUndefined();
  });

  it('refuses --batches-per-epoch outside [1, N] (and above ⌈N/b⌉ for shuffle), with --drop-last, or for a sampler without epochs, in one line naming the flag, range and value', async () => {
    expect(await refused(['--sampling', 'balls-in-bins', ...sizes, ...run, '--batches-per-epoch', '10001'])).toBe('dpbounds dp: --batches-per-epoch must be an integer in [1, --dataset-size = 10000]; found 10001\n');
    expect(await refused(['--sampling', 'balls-in-bins', ...sizes, ...run, '--batches-per-epoch', '0'])).toBe('dpbounds dp: --batches-per-epoch must be an integer in [1, --dataset-size = 10000]; found 0\n');
    expect(await refused(['--sampling', 'balls-in-bins', ...sizes, ...run, '--batches-per-epoch', '2.5'])).toMatch(/^dpbounds dp: --batches-per-epoch must be an integer/);
    expect(await refused(['--sampling', 'shuffle', ...sizes, ...run, '--batches-per-epoch', '101'])).toMatch(/^dpbounds dp: --batches-per-epoch must be an integer in \[1, ⌈--dataset-size\/--batch-size⌉ = 100\]; found 101\n$/);
    expect(await refused(['--sampling', 'shuffle', ...sizes, ...run, '--batches-per-epoch', '50', '--drop-last'])).toMatch(/give only one of --batches-per-epoch or --drop-last/);
    expect(await refused(['--sampling', 'fixed-size', ...sizes, ...run, '--drop-last'])).toMatch(/--drop-last is for --sampling shuffle\|balls-in-bins only .*found --sampling fixed-size/);
    expect(await refused(['--sampling-rate', '0.01', ...run, '--batches-per-epoch', '3'])).toMatch(/--batches-per-epoch is for --sampling shuffle\|balls-in-bins only/);
  });

  it('refuses contradictory or incomplete flag sets with one line naming the flags', async () => {
    expect(await refused(['--sampling', 'fixed-size', '--sampling-rate', '0.02', ...sizes, ...run])).toMatch(/--sampling-rate 0\.02 contradicts --batch-size \/ --dataset-size = 0\.01/);
    expect(await refused(['--sampling', 'shuffle', '--sampling-rate', '0.01', ...run])).toMatch(/--sampling shuffle needs --batch-size and --dataset-size/);
    expect(await refused(['--sampling', 'fixed-size', '--batch-size', '100', ...run])).toMatch(/--batch-size needs --dataset-size/);
    expect(await refused(['--sampling', 'fixed-size', '--batch-size', '20000', '--dataset-size', '10000', ...run])).toMatch(/--batch-size must be at most --dataset-size/);
    expect(await refused(['--sampling', 'fixed-size', ...sizes, '--max-batch-size', '200', ...run])).toMatch(/--max-batch-size is for --sampling truncated-poisson only/);
    expect(await refused(['--sampling', 'fixed-size', ...sizes, ...run, '--accountant', 'prv'])).toMatch(/--accountant prv does not price --sampling fixed-size/);
    expect(await refused(['--sampling', 'fixed-size', ...sizes, '--noise-multiplier', '1', '--steps', '500', '--epsilon', '1'])).toMatch(/--epsilon/);
    expect(await refused(['--sampling', 'fixed-size', ...sizes, ...run, '--fpr', '0.01'])).toMatch(/--fpr/);
    expect(await refused(['--sampling', 'shufle', ...sizes, ...run])).toMatch(/did you mean shuffle\?/);
    expect(await refused(['--samplng', 'shuffle', ...sizes, ...run])).toMatch(/did you mean --sampling\?/);
    expect(await refused(['--max-batchsize', '200', ...sizes, ...run])).toMatch(/did you mean --max-batch-size\?/);
  });
});

describe('dpbounds dp --sampling: an accountant the sampler cannot use', () => {
  it('is refused offering only the accountants that sampler takes (truncated Poisson: pld; the others: pld or rdp)', async () => {
    const sizes = ['--batch-size', '100', '--dataset-size', '10000', '--noise-multiplier', '1', '--steps', '10', '--delta', '1e-5', '--accountant', 'prv'];
    const capped = await runCaptured(['dp', '--sampling', 'truncated-poisson', '--max-batch-size', '200', ...sizes], { commands: [dpCommand] });
    expect(capped.code).toBe(2);
    expect(capped.stderr).toBe('dpbounds dp: --accountant prv does not price --sampling truncated-poisson; use --accountant pld (the default)\n');
    const shuffled = await runCaptured(['dp', '--sampling', 'shuffle', ...sizes], { commands: [dpCommand] });
    expect(shuffled.stderr).toBe('dpbounds dp: --accountant prv does not price --sampling shuffle; use --accountant pld (the default) or rdp\n');
  });
});
