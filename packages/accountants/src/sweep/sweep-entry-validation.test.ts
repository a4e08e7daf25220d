/**
 * Each sweep entry refuses a hostile argument with a typed dpbounds error naming the field
 * (not a property read on `undefined`).
 */
import { describe, expect, it } from 'vitest';
import { calibrateEpsilon } from './calibration-result.js';
import { dpAccountantEvaluation, dpAccountantResult, jsonSafeResult } from './dp-accountant-result.js';
import { dpTprFields } from './dp-tpr-fields.js';
import { evaluateSweepConfiguration } from './evaluate-sweep-configuration.js';
import { gmipBatchSize, sweepAccountants, validateSweepConfiguration, validateSweepRequest } from './sweep-configuration.js';
import { expandSweepGrid } from './sweep-grid.js';
import { stableHash, sweepConfigurationId, sweepSpecId } from './sweep-id.js';
import { sweepShard } from './sweep-shard.js';
import { bayesSecurityJson, bayesSecurityResult, gmipJson, gmipResult, rtmJson, rtmResult } from './threat-results.js';
import { refusedParameter } from '../test-helpers/refused-parameter.js';

const RUN = { samplingRate: 0.01, noiseMultiplier: 1, steps: 10, neighbouring: 'add-remove' as const };
const CONFIG = { ...RUN, delta: 1e-5 };
const REQUEST = { accountants: ['pld' as const] };

describe('sweep entries refuse hostile arguments with typed errors', () => {
  it('validateSweepRequest names request', () => {
    expect(refusedParameter(() => validateSweepRequest(undefined as never))).toBe('request');
  });
  it('skipDp is true or false: a truthy string or number is refused, not read as false (the DP side kept)', () => {
    for (const skipDp of ['true', 1, null, Symbol('s')]) expect(refusedParameter(() => validateSweepRequest({ accountants: ['rdp'], threats: ['bayes'], skipDp } as never))).toBe('skipDp');
    expect(validateSweepRequest({ accountants: ['rdp'], threats: ['bayes'], skipDp: true }).skipDp).toBe(true);
  });
  it('validateSweepConfiguration names config and request', () => {
    expect(refusedParameter(() => validateSweepConfiguration(null as never, REQUEST))).toBe('config');
    expect(refusedParameter(() => validateSweepConfiguration(CONFIG, 'x' as never))).toBe('request');
  });
  it('evaluateSweepConfiguration names request and config', () => {
    expect(refusedParameter(() => evaluateSweepConfiguration(CONFIG, undefined as never))).toBe('request');
    expect(refusedParameter(() => evaluateSweepConfiguration(undefined as never, REQUEST))).toBe('config');
  });
  it('sweepAccountants names request, config and accountants', () => {
    expect(refusedParameter(() => sweepAccountants(undefined as never, CONFIG))).toBe('request');
    expect(refusedParameter(() => sweepAccountants(REQUEST, null as never))).toBe('config');
    expect(refusedParameter(() => sweepAccountants({ accountants: 1 } as never, CONFIG))).toBe('accountants');
  });
  it('gmipBatchSize names config', () => {
    expect(refusedParameter(() => gmipBatchSize(undefined as never))).toBe('config');
  });
  it('expandSweepGrid names spec, a non-list field and neighbouring', () => {
    expect(refusedParameter(() => expandSweepGrid(null as never))).toBe('spec');
    expect(refusedParameter(() => expandSweepGrid({ noiseMultiplier: 1 } as never))).toBe('noiseMultiplier');
    expect(refusedParameter(() => expandSweepGrid({ steps: [1, Number.NaN] }))).toBe('steps[1]');
    expect(refusedParameter(() => expandSweepGrid({ steps: [1], neighbouring: 'x' } as never))).toBe('neighbouring');
  });
  it('stableHash, sweepConfigurationId and sweepSpecId name their argument', () => {
    expect(refusedParameter(() => stableHash(-1 as never))).toBe('text');
    expect(refusedParameter(() => sweepConfigurationId('x' as never))).toBe('config');
    expect(refusedParameter(() => sweepSpecId(undefined as never, {}))).toBe('configs');
    expect(refusedParameter(() => sweepSpecId([CONFIG, 1 as never], {}))).toBe('configs[1]');
    expect(refusedParameter(() => sweepSpecId([CONFIG], null as never))).toBe('request');
  });
  it('sweepShard names configs', () => {
    expect(refusedParameter(() => sweepShard(undefined as never, { shard: 0, shardCount: 1 }))).toBe('configs');
  });
  it('dpAccountantEvaluation and dpAccountantResult name accountant, query, neighbouring and options', () => {
    expect(refusedParameter(() => dpAccountantEvaluation('x' as never, CONFIG))).toBe('accountant');
    expect(refusedParameter(() => dpAccountantEvaluation('pld', undefined as never))).toBe('query');
    expect(refusedParameter(() => dpAccountantResult('pld', { ...CONFIG, neighbouring: 'x' } as never))).toBe('neighbouring');
    expect(refusedParameter(() => dpAccountantResult('pld', CONFIG, { h: 1 } as never))).toBe('options.h');
  });
  it('jsonSafeResult names result', () => {
    expect(refusedParameter(() => jsonSafeResult(null as never))).toBe('result');
  });
  it('dpTprFields names accountant and run', () => {
    expect(refusedParameter(() => dpTprFields(-1 as never, RUN, [0.01]))).toBe('accountant');
    expect(refusedParameter(() => dpTprFields('pld', undefined as never, [0.01]))).toBe('run');
  });
  it('calibrateEpsilon names query and accountant', () => {
    expect(refusedParameter(() => calibrateEpsilon(undefined as never, 'pld'))).toBe('query');
    expect(refusedParameter(() => calibrateEpsilon({ targetEpsilon: 1, delta: 1e-5, samplingRate: 0.01, steps: 10, neighbouring: 'add-remove' }, 'x' as never))).toBe('accountant');
  });
  it('bayesSecurityJson names result, its lists and extras', () => {
    expect(refusedParameter(() => bayesSecurityJson(undefined as never, {}))).toBe('result');
    expect(refusedParameter(() => bayesSecurityJson({} as never, {}))).toBe('result.tprAtFpr');
    expect(refusedParameter(() => bayesSecurityJson({ tprAtFpr: [], dp: {}, combined: {} } as never, {}))).toBe('result.dp.tprAtFpr');
    expect(refusedParameter(() => bayesSecurityJson({ tprAtFpr: [] } as never, null as never))).toBe('extras');
  });
  it('bayesSecurityResult, gmipResult and rtmResult name run and its relation', () => {
    expect(refusedParameter(() => bayesSecurityResult(undefined as never, [0.01], true))).toBe('run');
    expect(refusedParameter(() => bayesSecurityResult({ ...RUN, neighbouring: 'x' } as never, [0.01], true))).toBe('neighbouring');
    expect(refusedParameter(() => gmipResult(null as never, { datasetSize: 1000, params: 10, clip: 1, batchSize: 10 }, [0.01], true))).toBe('run');
    expect(refusedParameter(() => gmipResult(RUN, undefined as never, [0.01], true))).toBe('model');
    expect(refusedParameter(() => rtmResult('x' as never, [0.01]))).toBe('run');
  });
  it('gmipJson names config and result', () => {
    expect(refusedParameter(() => gmipJson(undefined as never, {} as never, [0.01]))).toBe('config');
    expect(refusedParameter(() => gmipJson({} as never, null as never, [0.01]))).toBe('result');
  });
  it('rtmJson names result, result.combined, request and extras', () => {
    const request = { mechanism: 'gaussian', dims: 1, compositions: 1 };
    expect(refusedParameter(() => rtmJson(undefined as never, request))).toBe('result');
    expect(refusedParameter(() => rtmJson({ points: [] } as never, request))).toBe('result.combined');
    expect(refusedParameter(() => rtmJson({ points: [], combined: {} } as never, null as never))).toBe('request');
    expect(refusedParameter(() => rtmJson({ points: [], combined: {} } as never, request, 'x' as never))).toBe('extras');
  });
});
