/**
 * Runs the library fuzz in a child process under a cap per call: a heap cap (V8's
 * `--max-old-space-size` and `--max-semi-space-size`), and a watchdog that kills the process when
 * one call has used `callTimeoutMs` of CPU time without answering (read from /proc, so a loaded
 * machine that starves the worker does not trip it; wall time where /proc is missing, and
 * 6 × the cap of wall time in any case). Both are hang and blow-up
 * detectors, not speed requirements: the time cap is generous (10 s of CPU by default), and a call that trips either is a failure naming the call. The process
 * is then replaced and the run resumes after that call (the replacement reuses the first
 * process's setup: its baselines and options objects).
 *
 * A child process rather than a worker thread: a worker's `resourceLimits` cap its heap too, but
 * a fatal V8 error in a worker (an array grown past V8's largest size) aborts the whole process,
 * test runner included.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { ExampleCall } from './doc-examples.js';
import type { PlanMessage, WorkerInput } from './worker-entry.js';

/** The caps applied to every call. */
export interface CallCaps {
  readonly callTimeoutMs: number;
  readonly maxOldGenerationSizeMb: number;
  readonly maxSemiSpaceSizeMb: number;
}

/** The outcome of a run. */
export interface FuzzRun {
  readonly plan: PlanMessage;
  /** One line per misbehaving call: its label and what went wrong. */
  readonly failures: string[];
  /** Calls that exceeded a cap (also in `failures`). */
  readonly capped: string[];
  /** Calls made (the cases, plus the setup's baseline and key probes). */
  readonly calls: number;
  /** CPU seconds (user + system) of the worker processes (a killed one's read from /proc; undefined when one is unknown): reported, never asserted. */
  readonly workerCpuSeconds: number | undefined;
}

/** User + system CPU seconds of a live process, from /proc/<pid>/stat (Linux), or undefined. */
function cpuSecondsOf(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return undefined;
  }
}

/** A call blocked without using CPU (waiting on nothing) is a hang after this many caps of wall time. */
const WALL_FACTOR = 6;

type Message = { kind: 'call'; index: number; label: string } | { kind: 'failure'; index: number; label: string; problem: string } | PlanMessage | { kind: 'end'; cpuSeconds: number };

/** What a run reports as it goes (the full product runs for minutes). */
export interface FuzzProgress {
  readonly onProgress?: (calls: number, label: string) => void;
  readonly onFailure?: (line: string) => void;
}

/** The last line of a dead process's stderr that says why (a V8 fatal error, the heap limit). */
function lastWords(stderr: string): string {
  const line = stderr.split('\n').find((l) => /FATAL ERROR|Fatal JavaScript|out of memory|heap limit/i.test(l));
  return line === undefined ? '' : `: ${line.replace(/^[#\s]+/, '').slice(0, 160)}`;
}

/** Runs every planned case (`sample` undefined: the full product) and collects the failures. */
export async function runFuzz(script: string, options: { readonly examples: Record<string, ExampleCall[]>; readonly seed: number; readonly sample: WorkerInput['sample']; readonly caps: CallCaps } & FuzzProgress): Promise<FuzzRun> {
  const failures: string[] = [];
  const capped: string[] = [];
  const skip: string[] = [];
  let plan: PlanMessage | undefined;
  let from = 0;
  let calls = 0;
  let workerCpuSeconds: number | undefined = 0;
  for (;;) {
    const input: WorkerInput = { examples: options.examples, seed: options.seed, sample: options.sample, from, skip, ...(plan === undefined ? {} : { setup: plan.setup }) };
    const child = fork(script, [], {
      execArgv: [`--max-old-space-size=${options.caps.maxOldGenerationSizeMb}`, `--max-semi-space-size=${options.caps.maxSemiSpaceSizeMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-8192); // an entry point's warnings are not the fuzz's business; V8's last words are
    });
    let current: { index: number; label: string } = { index: -1, label: 'loading the worker' };
    const ended = await new Promise<{ cap?: string; cpuSeconds?: number }>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      let done = false;
      // The cap is on the worker's CPU time for the call (from /proc; wall time where /proc is
      // missing), so a call starved of CPU on a loaded machine is not taken for a hang; a call
      // blocked without using CPU is caught by the wall limit of WALL_FACTOR caps.
      let callStart = { cpu: 0 as number | undefined, wall: 0 };
      const capSeconds = options.caps.callTimeoutMs / 1000;
      const overCap = (): string => `did not answer within ${capSeconds} s (the time cap per call)`;
      const check = (): void => {
        const cpu = cpuSecondsOf(child.pid);
        const wall = (Date.now() - callStart.wall) / 1000;
        const used = cpu === undefined || callStart.cpu === undefined ? wall : cpu - callStart.cpu;
        if (used >= capSeconds || wall >= WALL_FACTOR * capSeconds) finish({ cap: overCap() });
        else timer = setTimeout(check, Math.max(250, (capSeconds - used) * 1000));
      };
      const arm = (): void => {
        if (timer !== undefined) clearTimeout(timer);
        callStart = { cpu: cpuSecondsOf(child.pid), wall: Date.now() };
        timer = setTimeout(check, options.caps.callTimeoutMs);
      };
      const finish = (outcome: { cap?: string; cpuSeconds?: number }): void => {
        if (done) return;
        done = true;
        if (timer !== undefined) clearTimeout(timer);
        child.removeAllListeners('message');
        resolve(outcome);
      };
      child.on('message', (message: Message) => {
        arm();
        if (message.kind === 'call') {
          current = message;
          calls++;
          if (calls % 2000 === 0) options.onProgress?.(calls, message.label);
        } else if (message.kind === 'failure') {
          const line = `${message.label}: ${message.problem}`;
          failures.push(line);
          options.onFailure?.(line);
        } else if (message.kind === 'plan') plan ??= message;
        else finish({ cpuSeconds: message.cpuSeconds });
      });
      child.on('exit', (code, signal) => {
        // let the last stderr chunk arrive before reading it
        setImmediate(() => finish({ cap: `ended the worker process (${signal ?? `exit code ${code}`}; over the ${options.caps.maxOldGenerationSizeMb} MB heap cap or a fatal V8 error${lastWords(stderr)})` }));
      });
      child.send(input);
      arm();
    });
    const cpu = ended.cpuSeconds ?? cpuSecondsOf(child.pid); // a process that died on its own is not counted (undefined)
    workerCpuSeconds = workerCpuSeconds === undefined || cpu === undefined ? undefined : workerCpuSeconds + cpu;
    child.kill('SIGKILL');
    if (ended.cap === undefined) break;
    const line = `${current.label}: ${ended.cap}`;
    failures.push(line);
    capped.push(line);
    options.onFailure?.(line);
    if (current.index >= 0) from = current.index + 1;
    else {
      // the setup of an entry point hung or crashed: fuzz the others, report this one
      const name = current.label.split(':')[0] as string;
      if (skip.includes(name)) throw new Error(`library fuzz: the worker keeps failing while ${current.label}`);
      skip.push(name);
    }
  }
  if (plan === undefined) throw new Error('library fuzz: the worker never reported its plan');
  return { plan, failures, capped, calls, workerCpuSeconds };
}
