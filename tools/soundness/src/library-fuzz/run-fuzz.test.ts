import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFuzz } from './run-fuzz.js';

/**
 * A stand-in worker speaking the fuzz's protocol: it reports a plan, then runs its calls in order
 * from `from`; call 0 spins on the CPU (`spin`) or waits on a timer using none (`sleep`) until
 * killed, call 1 answers at once.
 */
function fakeWorker(call0: 'spin' | 'sleep'): string {
  const dir = mkdtempSync(join(tmpdir(), 'dpbounds-fuzz-caps-'));
  const script = join(dir, 'worker.mjs');
  writeFileSync(
    script,
    `process.on('message', (input) => {
  const setup = { entries: [] };
  process.send({ kind: 'plan', entries: 1, withBaseline: [], withoutBaseline: [], fromExamples: 0, optionsObjects: 0, optionKeys: 0, cases: 2, product: { arguments: 2, keys: 0 }, hostileValues: 1, setup });
  const next = () => {
    process.send({ kind: 'call', index: 1, label: 'quick(1)' });
    process.send({ kind: 'end', cpuSeconds: 0 });
  };
  if (input.from === 0) {
    process.send({ kind: 'call', index: 0, label: 'slow(0)' });
    ${call0 === 'spin' ? 'for (;;) {}' : 'setTimeout(() => {}, 1e9);'}
  } else next();
});
`,
  );
  return script;
}

const caps = { callTimeoutMs: 300, maxOldGenerationSizeMb: 64, maxSemiSpaceSizeMb: 4 };

describe('runFuzz caps', () => {
  it('a call spinning on the CPU past the cap is a failure naming it, and the run resumes after it', async () => {
    const run = await runFuzz(fakeWorker('spin'), { examples: {}, seed: 1, sample: undefined, caps });
    expect(run.capped).toEqual(['slow(0): did not answer within 0.3 s (the time cap per call)']);
    expect(run.calls).toBe(2);
  });

  it('a call blocked without using CPU is caught by the wall limit (six caps)', async () => {
    const run = await runFuzz(fakeWorker('sleep'), { examples: {}, seed: 1, sample: undefined, caps });
    expect(run.capped).toEqual(['slow(0): did not answer within 0.3 s (the time cap per call)']);
  });
});
