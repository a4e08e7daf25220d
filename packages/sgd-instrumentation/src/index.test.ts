import { expect, it } from 'vitest';
import * as entry from './index.js';
import * as nodeEntry from './node/index.js';

// The public surface: every runtime export is a documented function or constant, and the
// browser-safe entry point exposes no file I/O (that lives in ./node).
it('exports the trainer, models, data loaders and instrument API by name', () => {
  for (const name of ['trainDpSgd', 'mlp', 'logisticRegression', 'loadAdult', 'loadTabularCsv', 'composeInstruments', 'createStepContext', 'evaluateModel']) {
    expect(typeof (entry as Record<string, unknown>)[name], name).toBe('function');
  }
  expect(Object.keys(entry)).not.toContain('loadBundledAdult');
  expect(typeof nodeEntry.loadBundledAdult).toBe('function');
});
