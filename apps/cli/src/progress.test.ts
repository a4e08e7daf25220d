import { describe, expect, it } from 'vitest';
import type { CommandIo } from './command.js';
import { createProgress } from './progress.js';

function terminal(isTTY: boolean): { io: CommandIo; written: () => string } {
  let text = '';
  return {
    io: { stdout: () => undefined, stderr: (t) => (text += t), stderrIsTTY: isTTY, cwd: '.' },
    written: () => text,
  };
}

describe('createProgress', () => {
  it('stays silent when stderr is not a terminal', () => {
    const { io, written } = terminal(false);
    const bar = createProgress(io, 'demo', 10, { delayMs: 0 });
    bar.stage('training');
    bar.update(5);
    bar.finish();
    expect(written()).toBe('');
  });

  it('shows the stage, the fraction and the elapsed seconds, and clears the line at the end', () => {
    let clock = 0;
    const { io, written } = terminal(true);
    const bar = createProgress(io, 'demo', 10, { delayMs: 0, now: () => clock });
    bar.stage('training');
    clock = 2500;
    bar.update(5);
    expect(written()).toContain('\rdemo: training [...............');
    expect(written()).toContain('demo: training [###############...............]  50%  2s');
    bar.stage('auditing', 4);
    bar.update(1);
    expect(written()).toContain('demo: auditing [########......................]  25%  2s');
    const before = written().length;
    bar.finish();
    expect(written().slice(before)).toMatch(/^\r +\r$/);
  });

  it('draws nothing before the delay (fast commands never flash a bar)', () => {
    let clock = 0;
    const { io, written } = terminal(true);
    const bar = createProgress(io, 'calibrating', 30, { now: () => clock });
    bar.update(10);
    bar.finish();
    expect(written()).toBe('');
    clock = 600;
    bar.update(15);
    expect(written()).toContain('calibrating [');
  });

  it('shows a stage without a known size as elapsed time only', () => {
    let clock = 0;
    const { io, written } = terminal(true);
    const bar = createProgress(io, 'audit', 0, { delayMs: 0, now: () => clock });
    clock = 3000;
    bar.stage('reading scores');
    expect(written()).toContain('audit: reading scores …  3s');
  });

  it('eager: draws a stage the moment it starts (a synchronous stage could not draw later), updates still wait', () => {
    const { io, written } = terminal(true);
    const bar = createProgress(io, 'dp', 4, { eager: true, now: () => 0 });
    bar.update(1);
    expect(written()).toBe('');
    bar.stage('pld');
    expect(written()).toContain('\rdp: pld [#######');
    expect(written()).toContain(' 25%  0s');
    bar.finish();
    const lazy = terminal(true);
    const quiet = createProgress(lazy.io, 'dp', 4, { now: () => 0 });
    quiet.stage('pld');
    expect(lazy.written()).toBe('');
  });
});
