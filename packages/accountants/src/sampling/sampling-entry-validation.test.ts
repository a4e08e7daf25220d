/**
 * Each sampling entry refuses a hostile argument with a typed dpbounds error naming the field
 * (not a property read on `undefined`).
 */
import { describe, expect, it } from 'vitest';
import { connectTheDotsPld } from '../pld/connect-the-dots.js';
import { ballsInBinsEpsilonLowerBound } from './balls-in-bins-lower-bound.js';
import { bandedMatrixLedgerSteps } from './banded-matrix/banded-matrix-event.js';
import { composeWithinBudget } from './compose-within-budget.js';
import { fixedSizeSubstitutionEpsilon, fixedSizeSubstitutionPld } from './fixed-size-substitution.js';
import { symmetrisedPld } from './symmetrised-pld.js';
import { truncatedPoissonEpsilon } from './truncated-poisson-pld.js';
import { refusedParameter } from '../test-helpers/refused-parameter.js';

const RUN = { datasetSize: 1000, batchSize: 10, epochs: 1, noiseMultiplier: 1, steps: 10 };

describe('sampling entries refuse hostile arguments with typed errors', () => {
  it('ballsInBinsEpsilonLowerBound names run', () => {
    expect(refusedParameter(() => ballsInBinsEpsilonLowerBound(undefined as never, 1e-5))).toBe('run');
    expect(refusedParameter(() => ballsInBinsEpsilonLowerBound(null as never, 1e-5))).toBe('run');
  });

  it('bandedMatrixLedgerSteps names the event (or its path) and a non-string path', () => {
    expect(refusedParameter(() => bandedMatrixLedgerSteps(undefined as never))).toBe('event');
    expect(refusedParameter(() => bandedMatrixLedgerSteps(null as never, 'events[3].'))).toBe('events[3]');
    expect(refusedParameter(() => bandedMatrixLedgerSteps({} as never, -1 as never))).toBe('path');
  });

  it('composeWithinBudget names buildStep, h and steps', () => {
    const build = (h: number) => [connectTheDotsPld('remove', 0.01, 1, { h })];
    expect(refusedParameter(() => composeWithinBudget(undefined as never, 1e-3, 10))).toBe('buildStep');
    expect(refusedParameter(() => composeWithinBudget(build, Number.NaN, 10))).toBe('h');
    expect(refusedParameter(() => composeWithinBudget(build, 1e-3, -1))).toBe('steps');
  });

  it('fixedSizeSubstitutionPld names run and options', () => {
    expect(refusedParameter(() => fixedSizeSubstitutionPld(null as never))).toBe('run');
    expect(refusedParameter(() => fixedSizeSubstitutionPld(RUN, 'x' as never))).toBe('options');
    expect(refusedParameter(() => fixedSizeSubstitutionPld(RUN, { h: 1 } as never))).toBe('options.h');
  });

  it('fixedSizeSubstitutionEpsilon names run', () => {
    expect(refusedParameter(() => fixedSizeSubstitutionEpsilon(undefined as never, 0.5))).toBe('run');
  });

  it('symmetrisedPld names remove and add (and their fields)', () => {
    const pld = connectTheDotsPld('remove', 0.01, 1, { h: 1e-2 });
    expect(refusedParameter(() => symmetrisedPld(undefined as never, pld))).toBe('remove');
    expect(refusedParameter(() => symmetrisedPld(pld, null as never))).toBe('add');
    expect(refusedParameter(() => symmetrisedPld(pld, { ...pld, h: Number.NaN }))).toBe('add.h');
  });

  it('truncatedPoissonEpsilon names run', () => {
    expect(refusedParameter(() => truncatedPoissonEpsilon(undefined as never, 0.5))).toBe('run');
    expect(refusedParameter(() => truncatedPoissonEpsilon(null as never, 0.5))).toBe('run');
  });
});
