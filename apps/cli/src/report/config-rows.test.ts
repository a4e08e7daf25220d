import { describe, expect, it } from 'vitest';
import { configRows } from './config-rows.js';
import { wrap } from './summary-rows.js';

describe('configRows', () => {
  it('names the keys in words, shortens numbers, drops missing entries and explains the noise choice', () => {
    const rows = configRows({
      samplingRate: 0.009790240123459,
      steps: 1021,
      noiseMultiplier: 3.5276512345678,
      hiddenUnits: null,
      noiseSelection: { value: 3.53, chosenFor: { targetBayesSecurity: 0.9, epochs: 20, samplingRate: 0.00982763, relation: 'substitution' } },
    });
    expect(rows).toEqual([
      ['training steps T', '1,021'],
      ['sampling rate q', '0.00979'],
      ['noise multiplier σ', '3.528'],
      ['how σ was chosen', 'closed-form choice for membership β* = 0.9 after 20 epochs at q = 0.009828 (substitution; Cherubin et al.)'],
    ]);
    // σ chosen for the paper's 20 epochs, the run trains 10: the table says both, and which way it goes
    const chosen = { value: 3.53, chosenFor: { targetBayesSecurity: 0.9, epochs: 20, samplingRate: 0.00982763, relation: 'substitution' } };
    expect(configRows({ epochs: 10, samplingRate: 0.00978967, noiseSelection: chosen }).at(-1)?.[1]).toBe(
      'closed-form choice for membership β* = 0.9 after 20 epochs at q = 0.009828 (substitution; Cherubin et al.), the target epochs (--target-epochs); ' +
        'this run trains 10 epochs (--epochs), at q = 0.00979 (its training split includes the input canaries): fewer steps, so its β* is above the target',
    );
    expect(configRows({ epochs: 20, noiseSelection: chosen }).at(-1)?.[1]).not.toMatch(/this run trains/);
    expect(configRows({ noiseSelection: { value: 2, chosenFor: 'given' } })).toEqual([['how σ was chosen', 'given on the command line']]);
  });
});

describe('wrap', () => {
  it('keeps every line within the width and every word', () => {
    const text = 'the exact ε of this accounting is in [0.2995, 0.3105] and a verylongwordthatdoesnotfitanywhere here';
    const lines = wrap(text, 20, '  ');
    expect(lines.join(' ').replace(/\s+/g, ' ').trim()).toBe(text);
    for (const line of lines) if (!line.includes('verylongword')) expect(line.length).toBeLessThanOrEqual(20);
  });
});
