/**
 * Valid, fast command lines ("scenarios") that the fuzz suite perturbs, several per command so
 * that every flag is read in at least one of them (the suite checks this against each
 * command's definition, so a new flag without a scenario fails the coverage test rather than
 * going unfuzzed). Paths are relative to the fuzz workspace (see `workspace.ts`).
 */
import { TINY_TRAINING } from './workspace.js';

/** Scenarios keyed by command name. */
export const SCENARIOS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  dp: [
    ['--sampling-rate', '0.01', '--noise-multiplier', '1', '--steps', '100', '--delta', '1e-5', '--accountant', 'all'],
    ['--sampling-rate', '0.01', '--noise-multiplier', '1', '--steps', '100', '--epsilon', '1', '--accountant', 'all', '--neighbouring', 'add-remove'],
    ['--sampling-rate', '0.01', '--noise-multiplier', '1', '--steps', '100', '--delta', '1e-5', '--fpr', '0.01,0.1'],
    ['--sampling', 'fixed-size', '--batch-size', '100', '--dataset-size', '10000', '--noise-multiplier', '1', '--steps', '100', '--delta', '1e-5', '--accountant', 'rdp'],
    ['--sampling', 'truncated-poisson', '--batch-size', '100', '--dataset-size', '10000', '--max-batch-size', '120', '--noise-multiplier', '1', '--steps', '50', '--delta', '1e-5'],
    ['--sampling', 'shuffle', '--batch-size', '110', '--dataset-size', '1000', '--batches-per-epoch', '8', '--noise-multiplier', '1', '--steps', '20', '--delta', '1e-5'],
    ['--mechanism', 'banded-matrix', '--band-values', '1,0.5', '--bands', '2', '--participation', 'cyclic', '--min-separation', '5', '--noise-multiplier', '2', '--steps', '50', '--delta', '1e-5'],
    ['--mechanism', 'banded-matrix', '--strategy', 'banded-strategy.json', '--participation', 'poisson-in-group', '--min-separation', '2', '--dataset-size', '1000', '--batch-size', '20', '--noise-multiplier', '2', '--steps', '50', '--delta', '1e-5', '--accountant', 'all'],
    ['--mechanism', 'banded-matrix', '--band-values', '1,0.3', '--participation', 'balls-in-bins', '--dataset-size', '1000', '--batch-size', '100', '--noise-multiplier', '2', '--steps', '50', '--delta', '1e-5', '--neighbouring', 'substitution'],
    ['--history', 'history.json', '--delta', '1e-5', '--accountant', 'all'],
    ['--sampling', 'poisson', '--sampling-rate', '0.0097', '--batch-size', '100', '--dataset-size', '10000', '--noise-multiplier', '1', '--steps', '100', '--delta', '1e-5'],
  ],
  calibrate: [
    ['--target-epsilon', '1', '--delta', '1e-5', '--sampling-rate', '0.01', '--steps', '100', '--accountant', 'pld', '--neighbouring', 'add-remove', '--max-work', '134217728'],
    ['--target-bayes-security', '0.9', '--sampling-rate', '0.01', '--steps', '100'],
    ['--target-gmip-mu', '0.4', '--batch-size', '400', '--dataset-size', '48000', '--steps', '1200', '--params', '650', '--clip', '500', '--susceptibility', '650'],
    ['--target-gmip-mu', '0.4', '--batch-size', '400', '--sampling-rate', '0.01', '--steps', '100', '--params', '650', '--clip', '1'],
    ['--target-tpr', '0.1', '--at-fpr', '0.01', '--sampling-rate', '0.01', '--steps', '100'],
    ['--target-epsilon', '2', '--delta', '1e-5', '--sampling', 'fixed-size', '--batch-size', '100', '--dataset-size', '10000', '--steps', '50'],
    ['--target-epsilon', '2', '--delta', '1e-5', '--sampling', 'truncated-poisson', '--batch-size', '100', '--dataset-size', '10000', '--max-batch-size', '150', '--steps', '20'],
    ['--target-epsilon', '4', '--delta', '1e-5', '--sampling', 'balls-in-bins', '--batch-size', '110', '--dataset-size', '1000', '--batches-per-epoch', '9', '--steps', '5'],
    ['--mechanism', 'banded-matrix', '--band-values', '1,0.5', '--bands', '2', '--participation', 'cyclic', '--min-separation', '5', '--steps', '50', '--target-epsilon', '2', '--delta', '1e-5', '--accountant', 'pld', '--neighbouring', 'add-remove'],
    ['--mechanism', 'banded-matrix', '--strategy', 'banded-strategy.json', '--participation', 'poisson-in-group', '--min-separation', '2', '--dataset-size', '1000', '--batch-size', '20', '--steps', '50', '--target-epsilon', '2', '--delta', '1e-5'],
    ['--mechanism', 'banded-matrix', '--band-values', '1,0.3', '--participation', 'balls-in-bins', '--dataset-size', '1000', '--batch-size', '100', '--steps', '50', '--target-epsilon', '2', '--delta', '1e-5', '--neighbouring', 'substitution', '--accountant', 'rdp'],
  ],
  'bayes-security': [
    ['--sampling-rate', '0.01', '--noise-multiplier', '1', '--steps', '1000', '--delta', '1e-5', '--prior', '0.5', '--fpr', '0.01', '--threat', 'mia', '--neighbouring', 'substitution'],
    ['--sampling-rate', '0.01', '--noise-multiplier', '1', '--steps', '100', '--exact'],
    ['--sampling-rate', '0.01', '--noise-multiplier', '1', '--steps', '100', '--sampling', 'poisson'],
    ['--threat', 'ai', '--sensitivity-trace', 'run/ai-sensitivity.json', '--clip', '1', '--sensitivity-method', 'full'],
  ],
  convert: [
    ['--mu', '1', '--to-epsilon-at-delta', '1e-5', '--fpr', '0.01'],
    ['--epsilon', '1', '--delta', '1e-5', '--to-mu', '--to-delta-at-epsilon', '0.5'],
  ],
  gmip: [
    ['--batch-size', '400', '--dataset-size', '48000', '--steps', '1200', '--params', '650', '--noise-multiplier', '1', '--clip', '1', '--susceptibility', '650', '--fpr', '0.01'],
    ['--batch-size', '400', '--dataset-size', '48000', '--steps', '1200', '--params', '650', '--noise-std', '0.01', '--clip', 'inf'],
    ['--batch-size', '400', '--dataset-size', '48000', '--steps', '1200', '--params', '650', '--noise-multiplier', '1', '--clip', '1', '--sampling', 'fixed-size'],
  ],
  rtm: [
    ['--mechanism', 'gaussian', '--sensitivity', '1', '--scale', '0.5', '--dims', '10', '--compositions', '2', '--fpr', '0.01'],
    ['--mechanism', 'gaussian', '--sensitivity', '1', '--target-epsilon', '1', '--delta', '1e-5'],
    ['--mechanism', 'subsampled-gaussian', '--sensitivity', '1', '--scale', '1', '--sampling-rate', '0.1'],
    ['--mechanism', 'laplace', '--sensitivity', '1', '--scale', '1'],
    ['--mechanism', 'subsampled-gaussian', '--sensitivity', '1', '--scale', '1', '--sampling-rate', '0.1', '--sampling', 'poisson'],
  ],
  attack: [
    ['--method', 'loss', '--targets', 'targets.csv', '--fpr', '0.01', '--confidence', '0.95', '--out', 'attack-out.csv', '--force'],
    ['--method', 'lira-online', '--targets', 'targets.csv', '--shadow', 'shadow.csv', '--variance', 'fixed'],
    ['--method', 'loss', '--targets', 'targets.csv', '--sampling', 'fixed-size', '--batch-size', '100', '--dataset-size', '10000', '--noise-multiplier', '1', '--steps', '100', '--delta', '1e-5'],
    ['--method', 'loss', '--targets', 'targets.csv', '--sampling', 'truncated-poisson', '--batch-size', '100', '--dataset-size', '10000', '--max-batch-size', '150', '--noise-multiplier', '1', '--steps', '20'],
    ['--method', 'loss', '--targets', 'targets.csv', '--sampling', 'balls-in-bins', '--batch-size', '110', '--dataset-size', '1000', '--batches-per-epoch', '8', '--noise-multiplier', '1', '--steps', '20'],
    ['--method', 'lira-offline', '--targets', 'targets.csv', '--shadow', 'shadow.csv', '--alternative', 'two-sided'],
    ['--method', 'glir', '--gradients', 'gradients.csv', '--reference', 'reference.csv', '--update', 'update.csv', '--batch-size', '10', '--targets', 'glir-targets.json', '--coordinates', '2', '--ridge', '0.1', '--statistic-factor', 'n-1'],
    ['--method', 'loss', '--targets', 'targets.csv', '--sampling', 'poisson', '--sampling-rate', '0.0097', '--batch-size', '100', '--dataset-size', '10000', '--noise-multiplier', '1', '--steps', '100'],
  ],
  audit: [
    ['--canaries', '1000', '--guesses', '100', '--correct', '90', '--confidence', '0.95', '--delta', '1e-5', '--method', 'fdp'],
    ['--canaries', '1000', '--guesses', '100', '--correct', '90', '--method', 'steinke'],
    ['--canaries', '1000', '--guesses', '100', '--correct', '90', '--sampling', 'fixed-size', '--batch-size', '100', '--dataset-size', '10000', '--noise-multiplier', '1', '--steps', '100'],
    ['--canaries', '1000', '--guesses', '100', '--correct', '90', '--sampling', 'truncated-poisson', '--batch-size', '100', '--dataset-size', '10000', '--max-batch-size', '150', '--noise-multiplier', '1', '--steps', '20'],
    ['--canaries', '1000', '--guesses', '100', '--correct', '90', '--sampling', 'shuffle', '--batch-size', '110', '--dataset-size', '1000', '--batches-per-epoch', '9', '--noise-multiplier', '1', '--steps', '20'],
    ['--canaries', '1000', '--guesses', '100', '--idealized-noise', '1', '--options', '4'],
    ['--canaries', '1000', '--guesses', '100', '--correct', '90', '--family', 'subsampled-gaussian', '--sampling-rate', '0.01', '--steps', '100'],
    ['--scores', 'audit-scores.csv', '--guess-counts', '1,2,5,10', '--split', 'both', '--bonferroni'],
    ['--scores', 'reconstruction.csv', '--options', '4'],
    ['--released', 'released.csv', '--canary-bits', 'canary-bits.csv', '--sampling-rate', '0.1', '--noise-multiplier', '1', '--steps', '5', '--delta', '1e-5', '--clip-norm', '1', '--score', 'measured'],
  ],
  'per-instance': [
    ['--trace', 'run/per-instance.json', '--alpha', '2,4,8', '--delta', '1e-5', '--lambda', '50', '--max-evaluations', '1e9'],
    ['--batch-trace', 'batch-trace.json', '--alpha', '2,4', '--delta', '1e-5', '--target-batches', '2'],
    ['--trace', 'norms.npy', '--trace-meta', 'norms-meta.json', '--alpha', '2,4', '--delta', '1e-5'],
  ],
  report: [
    ['--run', 'run-file.json', '--targets', 'targets.csv', '--shadow', 'shadow.csv', '--attack-method', 'lira-offline', '--out', 'report-out', '--force'],
    ['--run', 'run-file.json', '--canary-scores', 'audit-scores.csv', '--input-canary-scores', 'audit-scores.csv', '--per-instance-trace', 'run/per-instance.json', '--sensitivity-trace', 'run/ai-sensitivity.json', '--evaluation', 'run/evaluation.json', '--out', 'report-out', '--force'],
    ['--run', 'released-run-file.json', '--released', 'released.csv', '--canary-bits', 'canary-bits.csv', '--out', 'report-out', '--force'],
    ['--run', 'run-file.json', '--gradient-stats', 'run/gradient-stats.json', '--out', 'report-out', '--force'],
  ],
  train: [
    [...TINY_TRAINING, '--instrument', 'ai-sensitivity,per-instance,canaries,gradient-stats', '--ai-method', 'both', '--test-fraction', '0.2', '--seed', '1', '--clip', '1', '--learning-rate', '0.5', '--noise-multiplier', '1', '--delta', '1e-5', '--sampling', 'poisson', '--out', 'train-out', '--force'],
    ['--dataset', 'tiny.csv', '--label', 'y', '--positive-label', '1', '--model', 'mlp', '--hidden-units', '4', '--epochs', '1', '--batch-size', '32', '--instrument', 'ai-sensitivity', '--sensitive-attribute', 'group', '--ai-values', 'a,b', '--out', 'train-out', '--force'],
    [...TINY_TRAINING, '--instrument', 'none', '--sampling', 'truncated-poisson', '--max-batch-size', '40', '--out', 'train-out', '--force'],
  ],
  sweep: [
    ['--sampling-rate', '0.01,0.02', '--noise-multiplier', '1:1.5:0.5', '--steps', '50', '--delta', '1e-5', '--accountant', 'rdp,gdp', '--fpr', '0.01', '--neighbouring', 'add-remove', '--workers', '1', '--out', 'sweep-out.jsonl', '--force'],
    ['--sampling-rate', '0.01', '--noise-multiplier', '1', '--steps', '50', '--epsilon', '1', '--accountant', 'rdp', '--threat', 'gmip,rtm', '--dataset-size', '1000', '--params', '10', '--clip', '1', '--skip-dp', '--shard', '0/2', '--workers', '1'],
    ['--sampling-rate', '0.01', '--steps', '50', '--delta', '1e-5', '--target-epsilon', '1', '--accountant', 'rdp', '--workers', '1'],
    ['--configs', 'sweep-configs.csv', '--accountant', 'rdp', '--workers', '1', '--out', 'sweep-out.csv'],
  ],
  'sweep merge': [['shard-0.jsonl', 'shard-1.jsonl', '--out', 'merged.jsonl', '--force']],
  demo: [[...TINY_TRAINING, '--target-bayes-security', '0.9', '--target-epochs', '20', '--delta', '1e-5', '--out', 'demo-out', '--force']],
};

/** A command line that must be refused naming `flag`: a hostile file or a run past a work budget. */
export interface FileCase {
  readonly name: string;
  readonly flag: string;
  readonly argv: readonly string[];
}

/**
 * Files the workspace makes hostile (`deep.json`: 100 000 nested arrays; `deep.jsonl`: a line
 * nested 1000 deep; `over-budget.json`: a sparse file past the 256 MiB input budget, small on
 * disk) and calibrations past their work budget (truncated Poisson's cap on --steps; shuffle,
 * shuffle with one batch per epoch and balls-in-bins past the total work budget). Each must exit
 * 2 naming the flag.
 */
export const FILE_CASES: readonly FileCase[] = [
  { name: 'attack --gradients deep.json', flag: 'gradients', argv: ['attack', '--method', 'glir', '--gradients', 'deep.json', '--reference', 'reference.csv', '--update', 'update.csv', '--batch-size', '10'] },
  { name: 'attack --targets deep.jsonl', flag: 'targets', argv: ['attack', '--method', 'loss', '--targets', 'deep.jsonl'] },
  { name: 'dp --history deep.json', flag: 'history', argv: ['dp', '--history', 'deep.json', '--delta', '1e-5'] },
  { name: 'dp --strategy deep.json', flag: 'strategy', argv: ['dp', '--mechanism', 'banded-matrix', '--strategy', 'deep.json', '--participation', 'cyclic', '--min-separation', '5', '--noise-multiplier', '2', '--steps', '50', '--delta', '1e-5'] },
  { name: 'dp --strategy over-budget.json', flag: 'strategy', argv: ['dp', '--mechanism', 'banded-matrix', '--strategy', 'over-budget.json', '--participation', 'cyclic', '--min-separation', '5', '--noise-multiplier', '2', '--steps', '50', '--delta', '1e-5'] },
  { name: 'per-instance --trace deep.json', flag: 'trace', argv: ['per-instance', '--trace', 'deep.json', '--alpha', '2', '--delta', '1e-5'] },
  { name: 'per-instance --trace over-budget.json', flag: 'trace', argv: ['per-instance', '--trace', 'over-budget.json', '--alpha', '2', '--delta', '1e-5'] },
  { name: 'per-instance --batch-trace over-budget.json', flag: 'batch-trace', argv: ['per-instance', '--batch-trace', 'over-budget.json', '--alpha', '2', '--delta', '1e-5'] },
  { name: 'report --run deep.json', flag: 'run', argv: ['report', '--run', 'deep.json'] },
  { name: 'bayes-security --sensitivity-trace deep.json', flag: 'sensitivity-trace', argv: ['bayes-security', '--threat', 'ai', '--sensitivity-trace', 'deep.json', '--clip', '1'] },
  { name: 'calibrate truncated-poisson --steps 1e9', flag: 'steps', argv: ['calibrate', '--target-epsilon', '2', '--delta', '1e-5', '--sampling', 'truncated-poisson', '--batch-size', '100', '--dataset-size', '10000', '--max-batch-size', '150', '--steps', '1000000000'] },
  // the slowest sampler calibrations seen (37–57 s of CPU), refused from the estimate of their work
  { name: 'calibrate shuffle --steps 1e9', flag: 'steps', argv: ['calibrate', '--target-epsilon', '2', '--delta', '1e-5', '--sampling', 'shuffle', '--batch-size', '100', '--dataset-size', '10000', '--steps', '1000000000'] },
  { name: 'calibrate shuffle one batch per epoch --steps 1e9', flag: 'steps', argv: ['calibrate', '--target-epsilon', '2', '--delta', '1e-5', '--sampling', 'shuffle', '--batch-size', '10000', '--dataset-size', '10000', '--steps', '1000000000'] },
  { name: 'calibrate balls-in-bins --steps 1e9', flag: 'steps', argv: ['calibrate', '--target-epsilon', '2', '--delta', '1e-5', '--sampling', 'balls-in-bins', '--batch-size', '100', '--dataset-size', '10000', '--steps', '1000000000'] },
];
