/**
 * Finding and running the Python that the integration tests need: one with torch and numpy
 * (Debian 12: `apt-get install -y python3-torch python3-numpy`, torch 1.13.1, at /usr/bin/python3;
 * `.ci/run` installs it). No Python with torch is a failure with a one-line message, never a skip.
 */
import { spawnSync } from 'node:child_process';
import type { SpawnSyncReturns } from 'node:child_process';

/** Where to look, in order: `$DPBOUNDS_PYTHON`, Debian's interpreter, then `python3` on PATH. */
export function pythonCandidates(env: NodeJS.ProcessEnv = process.env): string[] {
  return [env['DPBOUNDS_PYTHON'], '/usr/bin/python3', 'python3'].filter((p): p is string => p !== undefined && p !== '');
}

/** The one line a test fails with when no candidate imports torch and numpy. */
export function noTorchMessage(tried: readonly string[]): string {
  return `no Python with torch and numpy (tried ${tried.join(', ')}): install it with \`apt-get install -y python3-torch python3-numpy\` (Debian; .ci/run does this) or set DPBOUNDS_PYTHON to an interpreter that has them`;
}

/**
 * The first candidate that imports torch and numpy, with the torch version it reports.
 *
 * @throws Error with {@link noTorchMessage} when there is none.
 */
export function findTorchPython(candidates: readonly string[] = pythonCandidates()): { python: string; torch: string } {
  for (const python of candidates) {
    const r = spawnSync(python, ['-c', 'import numpy, torch; print(torch.__version__)'], { encoding: 'utf8', timeout: 60_000 });
    if (r.status === 0) return { python, torch: r.stdout.trim() };
  }
  throw new Error(noTorchMessage(candidates));
}

/** Runs `python args…` in `cwd` with `PYTHONPATH` prepended; throws with stderr's tail on a non-zero exit. */
export function runPython(python: string, args: readonly string[], options: { cwd: string; pythonPath?: readonly string[] }): SpawnSyncReturns<string> {
  const pythonPath = [...(options.pythonPath ?? []), process.env['PYTHONPATH'] ?? ''].filter((p) => p !== '').join(':');
  const r = spawnSync(python, [...args], {
    cwd: options.cwd,
    encoding: 'utf8',
    timeout: 110_000,
    env: { ...process.env, PYTHONPATH: pythonPath, PYTHONDONTWRITEBYTECODE: '1', OMP_NUM_THREADS: '1', DPBOUNDS_REQUIRE_TORCH: '1' },
  });
  if (r.status !== 0) {
    throw new Error(`${python} ${args.join(' ')} exited with ${String(r.status)}${r.signal === null ? '' : ` (${r.signal})`}:\n${(r.stderr || r.stdout).split('\n').slice(-25).join('\n')}`);
  }
  return r;
}
