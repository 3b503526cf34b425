// A server as a child process, watched from outside through /proc: its CPU time (utime + stime of every
// thread) and its peak resident memory, reset at the start of each phase so each phase has its own peak.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';

export type Child = {
  url: string;
  pid: number;
  /** utime + stime so far, in ms (USER_HZ is 100 on Linux). */
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
  output(): string;
  stop(): Promise<void>;
};

function readProc(pid: number, file: string): string {
  return readFileSync(`/proc/${pid}/${file}`, 'utf8');
}

export function cpuMsOf(pid: number): number {
  return statCpuMs(readProc(pid, 'stat'));
}

function statCpuMs(stat: string): number {
  // The fields after the command name, which may itself hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
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
  let clearable = true;
  const sampler = setInterval(() => {
    if (child.exitCode === null) sampled = Math.max(sampled, statusKb(pid, 'VmRSS'));
  }, 50);
  const result: Child = {
    url: `http://127.0.0.1:${port}`,
    pid,
    cpuMs: () => cpuMsOf(pid),
    mainThreadCpuMs: () => mainThreadCpuMsOf(pid),
    startPhase() {
      sampled = statusKb(pid, 'VmRSS');
      try {
        writeFileSync(`/proc/${pid}/clear_refs`, '5');
      } catch {
        clearable = false;
      }
    },
    phasePeakMb: () => Math.max(sampled, clearable ? statusKb(pid, 'VmHWM') : 0) / 1024,
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
