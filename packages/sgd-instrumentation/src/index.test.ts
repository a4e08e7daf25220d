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

// The building blocks of data loading and trace reading live behind /advanced, never in both places.
it('keeps the CSV passes and streaming JSON readers in @dpbounds/sgd-instrumentation/advanced', async () => {
  const advanced = await import('./advanced.js');
  for (const name of ['rowEncoder', 'ScanPass', 'JsonEventReader', 'createJsonValueParser', 'gunzipText']) {
    expect(Object.keys(entry), name).not.toContain(name);
    expect(typeof (advanced as Record<string, unknown>)[name], name).toBe('function');
  }
  for (const name of Object.keys(advanced)) expect(Object.keys(entry), name).not.toContain(name);
});
