/**
 * Every `dpbounds` command, in the order `dpbounds --help` lists them. Each entry imports its
 * module only when the command runs or shows its help (start-up cost is what `--help`,
 * `--version` and the one command need, not the whole toolkit). A command is added here by the
 * issue that owns it; `main.test.ts` checks that each entry's name and summary equal the loaded
 * definition's.
 *
 * `parameterFlags` maps a library parameter name (as the packages' typed errors spell it) to
 * the flag that sets it, where the kebab-case of the parameter is not already the flag's name;
 * a quantity computed from several flags maps to them all, comma-separated.
 */
import type { LazyCommand } from '../command.js';

/** The registered commands. */
export const commands: readonly LazyCommand[] = [
  {
    name: 'dp',
    summary: '(ε, δ) accounting of DP-SGD (Poisson-subsampled Gaussian) and of DP-FTRL / BandMF: RDP, PLD, PRV, GDP',
    load: async () => (await import('./dp.js')).dpCommand,
    parameterFlags: { sigma: 'noise-multiplier', q: 'sampling-rate', count: 'steps', T: 'steps', fprs: 'fpr', sampler: 'sampling' },
  },
  {
    name: 'calibrate',
    summary: 'the smallest noise multiplier that meets a target ε, Bayes security or μ-GMIP (DP-SGD; ε also for DP-FTRL / BandMF)',
    load: async () => (await import('./calibrate.js')).calibrateCommand,
    parameterFlags: { targetEpsilon: 'target-epsilon', target: 'target-bayes-security', q: 'sampling-rate', count: 'steps', T: 'steps', mu: 'target-gmip-mu', epsilon: 'target-epsilon,delta', sampler: 'sampling' },
  },
  {
    name: 'bayes-security',
    summary: 'closed-form Bayes security against membership or attribute inference',
    load: async () => (await import('./bayes-security.js')).bayesSecurityCommand,
    parameterFlags: { sigma: 'noise-multiplier', p: 'sampling-rate', q: 'sampling-rate', T: 'steps', count: 'steps', fprs: 'fpr' },
  },
  {
    name: 'convert',
    summary: 'convert between μ-GDP and (ε, δ); read β* and TPR at FPR off the curve',
    load: async () => (await import('./convert.js')).convertCommand,
    parameterFlags: { fprs: 'fpr' },
  },
  {
    name: 'gmip',
    summary: 'Gaussian membership-inference privacy (μ-GMIP) of noisy SGD',
    load: async () => (await import('./gmip.js')).gmipCommand,
    parameterFlags: { noiseStd: 'noise-std', fprs: 'fpr', n: 'batch-size', N: 'dataset-size', d: 'params', K: 'susceptibility', count: 'steps' },
  },
  {
    name: 'rtm',
    summary: 'optimal attack under the relaxed threat model (attacker lacks the target record)',
    load: async () => (await import('./rtm.js')).rtmCommand,
    parameterFlags: { fprs: 'fpr', epsilon: 'target-epsilon', N: 'compositions', d: 'dims', p: 'sampling-rate', 'sensitivity / scale': 'sensitivity,scale' },
  },
  {
    name: 'attack',
    summary: 'membership-inference attack on recorded scores or gradients (loss, LiRA, GLiR)',
    load: async () => (await import('./attack.js')).attackCommand,
    parameterFlags: { fprs: 'fpr' },
  },
  {
    name: 'audit',
    summary: 'one-run privacy audit: the empirical epsilon proven by a canary guessing game',
    load: async () => (await import('./audit.js')).auditCommand,
    parameterFlags: { bucketSize: 'options', sigma: 'idealized-noise', m: 'canaries', r: 'guesses', v: 'correct', count: 'steps', q: 'sampling-rate' },
  },
  {
    name: 'per-instance',
    summary: 'per-instance (data-dependent) Rényi DP of each target record from a training trace',
    load: async () => (await import('./per-instance.js')).perInstanceCommand,
    parameterFlags: { orders: 'alpha' },
  },
  {
    name: 'train',
    summary: 'reference DP-SGD run (Poisson sampling, clipping, Gaussian noise) with instruments; writes model, traces, summary.json',
    load: async () => (await import('./train.js')).trainCommand,
    parameterFlags: { expectedBatchSize: 'batch-size' },
  },
  {
    name: 'demo',
    summary: 'the main job: train on Adult with every instrument, then every bound, attack and audit; writes report.html and report.json',
    load: async () => (await import('./demo.js')).demoCommand,
    parameterFlags: { expectedBatchSize: 'batch-size', targetBayesSecurity: 'target-bayes-security', sampler: 'sampling' },
  },
  {
    name: 'report',
    summary: 'report.html and report.json for your own run (PyTorch, Opacus, JAX): a run file plus whatever evidence you have',
    load: async () => (await import('./report.js')).reportCommand,
    parameterFlags: {},
  },
  {
    name: 'sweep',
    summary: 'parameter sweeps: every accountant and threat model over a grid or a file of configurations, on every core, resumable, in shards',
    load: async () => (await import('./sweep.js')).sweepCommand,
    parameterFlags: { accountants: 'accountant', threats: 'threat', fprs: 'fpr', shardCount: 'shard' },
  },
  {
    name: 'sweep merge',
    summary: 'join the shard files of one sweep (checks every row, same sweep, no duplicates, no gaps) into one file in configuration order',
    load: async () => (await import('./sweep-merge.js')).sweepMergeCommand,
  },
];
