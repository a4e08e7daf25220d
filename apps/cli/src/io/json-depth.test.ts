import { describe, expect, it } from 'vitest';
import { UsageError } from '../usage-error.js';
import { JsonDepthScanner, MAX_JSON_DEPTH, prefixFlag, requireJsonDepth } from './json-depth.js';

describe('JSON nesting-depth limit', () => {
  it('accepts the limit and refuses one level more, naming the file and the place', () => {
    expect(() => requireJsonDepth('a.json', `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`)).not.toThrow();
    expect(() => requireJsonDepth('a.json', `${'['.repeat(MAX_JSON_DEPTH + 1)}`, 'line 3: ')).toThrow(/^a\.json: line 3: JSON nested more than 64 levels deep/);
    expect(() => requireJsonDepth('a.json', '{"a":'.repeat(MAX_JSON_DEPTH + 1))).toThrow(UsageError);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ s: '['.repeat(1000), t: '\\"[[[[', u: [[1]] });
    expect(() => requireJsonDepth('a.json', text)).not.toThrow();
  });

  it('streams: the depth carries across pieces, split anywhere (even inside a string or an escape)', () => {
    const deep = `[${JSON.stringify('x\\"]]]')}, ${'['.repeat(MAX_JSON_DEPTH)}`;
    for (let cut = 0; cut <= deep.length; cut++) {
      const scan = new JsonDepthScanner('b.json');
      expect(() => {
        scan.push(deep.slice(0, cut));
        scan.push(deep.slice(cut));
      }).toThrow(/b\.json: JSON nested more than/);
    }
  });

  it('prefixFlag names the flag once in front of a UsageError and lets other errors through', () => {
    expect(() => prefixFlag('--x')(new UsageError('a.json: bad'))).toThrow(/^--x a\.json: bad$/);
    expect(() => prefixFlag('--x')(new UsageError('--x a.json: bad'))).toThrow(/^--x a\.json: bad$/);
    expect(() => prefixFlag('--x')(new TypeError('t'))).toThrow(TypeError);
  });
});
