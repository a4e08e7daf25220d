import { expect, it } from 'vitest';
import * as entry from './index.js';

// The published surface is made of real, named functions and constants (no placeholders); the
// threat-specific analyses (issue 5) are among them.
it('exports only named functions and constants', () => {
  for (const [name, value] of Object.entries(entry)) expect(['function', 'string'], name).toContain(typeof value);
  for (const name of ['bayesSecurityMia', 'analyzeBayesSecurity', 'analyzeGmip', 'calibrateGmipNoise']) expect(Object.keys(entry)).toContain(name);
});
