import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createKtpReader, type KtpRead, type KtpReader } from './ktp-ocr.js';
import { photoDifference } from './photo-compare.js';
import { greySquare, hashesOfGrey } from './photo-hash.js';

/**
 * The checks' CPU work, on a worker thread of its own (check-thread.ts starts it): the photo hashes' DCTs,
 * the aligned comparisons and the KTP card's preparation are tens of milliseconds of JavaScript each that
 * would otherwise hold up the requests of the thread they ran on; tesseract reads in its own worker,
 * started from here. Tasks run one at a time, in the order sent. Decoding is sharp's, on libuv's threads.
 */
export type CheckTask =
  | { id: number; task: 'hashes'; image: Uint8Array }
  | { id: number; task: 'differences'; image: Uint8Array; others: (Uint8Array | null)[] }
  | { id: number; task: 'ktp'; image: Uint8Array };

export type CheckReply =
  | { id: number; hashes: bigint[] }
  | { id: number; differences: (number | null)[] }
  | { id: number; ktp: KtpRead }
  | { id: number; unreadable: true }
  | { id: number; error: string };

/** What the thread starts with (check-thread.ts). */
export type CheckThreadData = { nice: number };

/**
 * This thread's nice value, on Linux, where a thread's id names it to setpriority: the OCR's worker,
 * started from here later, inherits it, the request thread keeps its own. Elsewhere the thread runs at
 * the process's priority.
 */
function lowerPriority(nice: number): void {
  if (nice === 0) return;
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, nice);
  } catch {
    // No /proc/thread-self (not Linux): left as it is.
  }
}

lowerPriority((workerData as CheckThreadData | undefined)?.nice ?? 0);

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

async function greyOrNull(image: Uint8Array): Promise<Float32Array | null> {
  try {
    return await greySquare(asBuffer(image));
  } catch {
    return null;
  }
}

/** The OCR reader, started on the first KTP and kept while the thread lives. */
let reader: Promise<KtpReader> | null = null;
function ktpReader(): Promise<KtpReader> {
  reader ??= createKtpReader().catch((error: unknown) => {
    reader = null;
    throw error;
  });
  return reader;
}

async function run(message: CheckTask): Promise<CheckReply> {
  if (message.task === 'ktp') return { id: message.id, ktp: await (await ktpReader()).read(asBuffer(message.image)) };
  const grey = await greyOrNull(message.image);
  if (!grey) return { id: message.id, unreadable: true };
  if (message.task === 'hashes') return { id: message.id, hashes: hashesOfGrey(grey) };
  const differences: (number | null)[] = [];
  for (const other of message.others) {
    const otherGrey = other ? await greyOrNull(other) : null;
    differences.push(otherGrey ? photoDifference(grey, otherGrey) : null);
  }
  return { id: message.id, differences };
}

let queue: Promise<unknown> = Promise.resolve();
parentPort?.on('message', (message: CheckTask) => {
  queue = queue.then(() =>
    run(message).then(
      (reply) => parentPort?.postMessage(reply),
      (error: unknown) => parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
    ),
  );
});
