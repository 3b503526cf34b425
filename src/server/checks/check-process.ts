import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CheckReply, CheckTask } from './check-process-entry.js';
import type { KtpRead, KtpReader } from './ktp-ocr.js';

/**
 * The checks' CPU work (photo hashes, photo comparisons, KTP reading) in a process of its own at a lower
 * priority (check-process-entry.ts, decision 0049): the KTP readings one at a time, and beside them the
 * photos' tasks one at a time (decision 0050). The server only sends the photos and receives the results.
 * Started on first use; a process that dies fails its tasks (the job is retried later) and the next task
 * starts a new one.
 */
export interface CheckProcess {
  /** The photo's hashes (photo-hash.ts), the whole photo first; UnreadablePhotoError when it is not an image. */
  hashes(image: Buffer): Promise<bigint[]>;
  /** The image's difference (photo-compare.ts) from each of `others`; null for one that is missing or unreadable. */
  differences(image: Buffer, others: (Buffer | null)[]): Promise<(number | null)[]>;
  /** The KTP reader (ktp-ocr.ts), reading in the process. */
  ktp: KtpReader;
  /** The running process's id, null before the first task and after it ended (tests, diagnostics). */
  processId(): number | null;
  close(): Promise<void>;
}

/** The photo is not an image sharp can read (a result for the check, not a failure of the job). */
export class UnreadablePhotoError extends Error {
  constructor() {
    super('not an image sharp can read');
  }
}

/** A task as asked, before it is numbered (Omit spread over each member of the union). */
type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;

type Pending = { resolve: (reply: CheckReply) => void; reject: (error: Error) => void };

/**
 * What the process inherits of the server's environment: none of its secrets (database address, keys),
 * only what the runtime reads. Not glibc's MALLOC_ settings either, which hold the server's memory down
 * (decision 0048) at a price the checks would pay on every libvips buffer: a KTP reading took 7 % more CPU
 * with them, its card's preparation 14 % (27 Nov).
 */
function processEnv(nice: number): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([name]) => /^(PATH|HOME|TMPDIR|LANG|LC_[A-Z]+|TZ)$/.test(name));
  return { ...Object.fromEntries(kept), CHECKS_NICE: String(nice) };
}

/**
 * Built, the entry is plain JavaScript beside this file. From the sources (tests, tsx scripts) it is
 * TypeScript, loaded through tsx. The server's own node flags (an inspector port, heap sizes) are not passed on.
 */
function startProcess(nice: number): ChildProcess {
  const typescript = import.meta.url.endsWith('.ts');
  const entry = fileURLToPath(new URL(typescript ? './check-process-entry.ts' : './check-process-entry.js', import.meta.url));
  return fork(entry, [], {
    execArgv: typescript ? ['--import', 'tsx'] : [],
    env: processEnv(nice),
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

export type CheckProcessOptions = {
  /** The process's nice value (CHECKS_NICE), so that requests come first for the CPU. */
  nice: number;
  /** Waited on before each task is sent: the server's busy gate (busy-gate.ts), when there is one. */
  beforeTask?: () => Promise<void>;
};

export function createCheckProcess(options: CheckProcessOptions = { nice: 0 }): CheckProcess {
  let child: ChildProcess | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  const failAll = (error: Error) => {
    for (const task of pending.values()) task.reject(error);
    pending.clear();
  };
  // Idle, the process keeps no server alive (close() ends it); busy, it does.
  const hold = (running: ChildProcess, held: boolean) => {
    if (held) running.ref();
    else running.unref();
    const channel = running.channel as { ref(): void; unref(): void } | null | undefined;
    if (held) channel?.ref();
    else channel?.unref();
  };
  const ensureProcess = () => {
    if (child) return child;
    const started = startProcess(options.nice);
    started.on('message', (reply: CheckReply) => {
      const task = pending.get(reply.id);
      pending.delete(reply.id);
      if (pending.size === 0) hold(started, false);
      task?.resolve(reply);
    });
    // A newer process holds the tasks asked since this one failed: only this one's end fails them.
    const ended = (error: Error) => {
      if (child !== started && child !== null) return;
      child = null;
      failAll(error);
    };
    started.on('error', ended);
    started.on('exit', (code, signal) => ended(new Error(`check process exited with ${signal ?? code}`)));
    child = started;
    return started;
  };
  const ask = async (task: Unnumbered<CheckTask>): Promise<CheckReply> => {
    await options.beforeTask?.();
    const reply = await new Promise<CheckReply>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      const running = ensureProcess();
      hold(running, true);
      const failed = (error: Error) => {
        pending.delete(id);
        reject(error);
      };
      try {
        running.send({ ...task, id }, (error) => error && failed(error));
      } catch (error) {
        failed(error instanceof Error ? error : new Error(String(error)));
      }
    });
    if ('unreadable' in reply) throw new UnreadablePhotoError();
    if ('error' in reply) throw new Error(reply.error);
    return reply;
  };
  const unexpected = () => new Error('check process: unexpected reply');
  return {
    async hashes(image) {
      const reply = await ask({ task: 'hashes', image });
      if (!('hashes' in reply)) throw unexpected();
      return reply.hashes;
    },
    async differences(image, others) {
      const reply = await ask({ task: 'differences', image, others });
      if (!('differences' in reply)) throw unexpected();
      return reply.differences;
    },
    ktp: {
      async read(image): Promise<KtpRead> {
        const reply = await ask({ task: 'ktp', image });
        if (!('ktp' in reply)) throw unexpected();
        return reply.ktp;
      },
      // The reader lives and ends with the process.
      close: async () => undefined,
    },
    processId: () => child?.pid ?? null,
    async close() {
      const running = child;
      child = null;
      if (running && running.exitCode === null && running.signalCode === null) {
        const exited = new Promise((resolve) => running.once('exit', resolve));
        running.kill();
        await exited;
      }
      failAll(new Error('check process closed'));
    },
  };
}
