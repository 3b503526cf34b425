// A server as a child process, watched from outside through /proc: its CPU time (utime + stime of every
// thread) and its peak resident memory, reset at the start of each phase so each phase has its own peak.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';

export type Child = {
  url: string;
  pid: number;
  /** utime + stime so far, in ms (USER_HZ is 100 on Linux), its child processes' included. */
  cpuMs(): number;
  /**
   * The JavaScript thread's share of cpuMs. The other threads are not split further: libvips ends idle
   * workers, and an ended thread's time is only in the process's total.
   */
  mainThreadCpuMs(): number;
  /** Starts a phase: the kernel's peak RSS (VmHWM) is reset to the current RSS. */
  startPhase(): void;
  /** The peak RSS since startPhase, in MB. */
  phasePeakMb(): number;
  /** The peak, since startPhase, of its child processes' RSS together (sampled every 50 ms), in MB. */
  phasePeakChildrenMb(): number;
  output(): string;
  stop(): Promise<void>;
};

function readProc(pid: number, file: string): string {
  return readFileSync(`/proc/${pid}/${file}`, 'utf8');
}

/**
 * The server's CPU with its child processes' (the machine checks' process, decision 0049): its own
 * utime + stime, its children's that ended (cutime + cstime) and those still running, recursively.
 */
export function cpuMsOf(pid: number): number {
  const fields = statFields(readProc(pid, 'stat'));
  const own = (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10;
  return own + childPids(pid).reduce((total, child) => total + safely(() => cpuMsOf(child)), 0);
}

/** The live child processes of pid (any of its threads may have started one). */
export function childPids(pid: number): number[] {
  return (
    safely(() =>
      readdirSync(`/proc/${pid}/task`).flatMap((task) => readProc(pid, `task/${task}/children`).split(' ').filter(Boolean).map(Number)),
    ) || []
  );
}

/** A process or thread may end between listing it and reading it: it then counts as nothing (0). */
function safely<T>(read: () => T): T | 0 {
  try {
    return read();
  } catch {
    return 0;
  }
}

function statFields(stat: string): string[] {
  // The fields after the command name, which may itself hold spaces and parentheses.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

function statCpuMs(stat: string): number {
  const fields = statFields(stat);
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** utime + stime of the JavaScript thread alone, in ms; the rest of cpuMs is libvips, libuv's pool and V8's helpers. */
export function mainThreadCpuMsOf(pid: number): number {
  return statCpuMs(readProc(pid, `task/${pid}/stat`));
}

function statusKb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readProc(pid, 'status'));
  return match ? Number(match[1]) : 0;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server not ready after 180 s:\n${output()}`);
}

/** `node ...nodeArgs` with env and PORT, its output appended to logFile, ready once GET /api/health answers 200. */
export async function startChild(nodeArgs: string[], env: Record<string, string>, cwd: string, logFile: string): Promise<Child> {
  const port = await freePort();
  // The log goes to a file, as under a service manager: not through a pipe this process must drain.
  const fd = openSync(logFile, 'a');
  const child = spawn(process.execPath, nodeArgs, {
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port) },
    cwd,
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const log = () => readFileSync(logFile, 'utf8').slice(-8000);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pid = child.pid!;
  // clear_refs resets VmHWM (Linux 4.0+); where it cannot, VmRSS sampled every 50 ms stands in.
  let sampled = 0;
  let sampledChildren = 0;
  let clearable = true;
  const childrenKb = () => childPids(pid).reduce((total, id) => total + safely(() => statusKb(id, 'VmRSS')), 0);
  const sampler = setInterval(() => {
    if (child.exitCode !== null) return;
    sampled = Math.max(sampled, statusKb(pid, 'VmRSS'));
    sampledChildren = Math.max(sampledChildren, childrenKb());
  }, 50);
  const result: Child = {
    url: `http://127.0.0.1:${port}`,
    pid,
    cpuMs: () => cpuMsOf(pid),
    mainThreadCpuMs: () => mainThreadCpuMsOf(pid),
    startPhase() {
      sampled = statusKb(pid, 'VmRSS');
      sampledChildren = childrenKb();
      try {
        writeFileSync(`/proc/${pid}/clear_refs`, '5');
      } catch {
        clearable = false;
      }
    },
    phasePeakMb: () => Math.max(sampled, clearable ? statusKb(pid, 'VmHWM') : 0) / 1024,
    phasePeakChildrenMb: () => sampledChildren / 1024,
    output: log,
    async stop() {
      clearInterval(sampler);
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
  try {
    await waitForHealth(result.url, child, result.output);
  } catch (error) {
    await result.stop();
    throw error;
  }
  return result;
}
