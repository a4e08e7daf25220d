import { expect, it } from 'vitest';
import * as entry from './index.js';

// Until this package's issue lands its entry point deliberately exports nothing: check that the
// published surface is empty rather than pretending to offer anything.
it('exports no runtime values yet', () => {
  expect(Object.keys(entry)).toEqual([]);
});
