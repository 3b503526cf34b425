import { Worker } from 'node:worker_threads';
import type { CheckReply, CheckTask, CheckThreadData } from './check-thread-entry.js';
import type { KtpRead, KtpReader } from './ktp-ocr.js';

/**
 * The checks' CPU work (photo hashes, photo comparisons, KTP reading) on one worker thread
 * (check-thread-entry.ts), one task at a time in the order asked: the checks use at most that thread,
 * tesseract's and sharp's pool, and the request thread only sends and receives. Started on first use; a
 * thread that dies fails its tasks (the job is retried later) and the next task starts a new one.
 */
export interface CheckThread {
  /** The photo's hashes (photo-hash.ts), the whole photo first; UnreadablePhotoError when it is not an image. */
  hashes(image: Buffer): Promise<bigint[]>;
  /** The image's difference (photo-compare.ts) from each of `others`; null for one that is missing or unreadable. */
  differences(image: Buffer, others: (Buffer | null)[]): Promise<(number | null)[]>;
  /** The KTP reader (ktp-ocr.ts), reading on the thread. */
  ktp: KtpReader;
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
 * Built, the thread is plain JavaScript beside this file. From the sources (tests, tsx scripts) it is
 * TypeScript: the thread registers tsx's loader for itself first (a loader of the parent thread does not
 * reach a worker's imports).
 */
function startThread(workerData: CheckThreadData): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./check-thread-entry.js', import.meta.url), { workerData });
  const entry = JSON.stringify(new URL('./check-thread-entry.ts', import.meta.url).href);
  return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${entry}); });`, { eval: true, workerData });
}

/** `nice`: the thread's nice value (CHECKS_THREAD_NICE), so that requests come first for the CPU. */
export function createCheckThread(options: { nice: number } = { nice: 0 }): CheckThread {
  let thread: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  const failAll = (error: Error) => {
    for (const task of pending.values()) task.reject(error);
    pending.clear();
  };
  const ensureThread = () => {
    if (thread) return thread;
    const started = startThread({ nice: options.nice });
    started.on('message', (reply: CheckReply) => {
      const task = pending.get(reply.id);
      pending.delete(reply.id);
      if (pending.size === 0) started.unref();
      task?.resolve(reply);
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', (code) => {
      if (thread === started) thread = null;
      failAll(new Error(`check thread exited with ${code}`));
    });
    thread = started;
    return started;
  };
  const ask = async (task: Unnumbered<CheckTask>): Promise<CheckReply> => {
    const reply = await new Promise<CheckReply>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      const running = ensureThread();
      // Idle, the thread keeps no process alive (close() ends it); busy, it does.
      running.ref();
      running.postMessage({ ...task, id });
    });
    if ('unreadable' in reply) throw new UnreadablePhotoError();
    if ('error' in reply) throw new Error(reply.error);
    return reply;
  };
  const unexpected = () => new Error('check thread: unexpected reply');
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
      // The reader lives and ends with the thread.
      close: async () => undefined,
    },
    async close() {
      const running = thread;
      thread = null;
      // Terminating the thread ends tesseract's worker, started from it, too.
      if (running) await running.terminate();
      failAll(new Error('check thread closed'));
    },
  };
}
