import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import { createKtpReader, type KtpRead, type KtpReader } from './ktp-ocr.js';
import { photoDifference } from './photo-compare.js';
import { greySquare, hashesOfGrey } from './photo-hash.js';

/**
 * The checks' CPU work, in a process of its own (check-process.ts starts it): the photo hashes, the aligned
 * comparisons, the KTP card's preparation and tesseract's reading. A process, not a thread, because its
 * decodes run on sharp's threads: inside the server they were the server's threads, at the server's
 * priority, whatever the checks' thread was set to (decision 0049).
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

/**
 * Every thread of this process at `nice`, on Linux, where a thread's id names it to setpriority: the
 * threads started later (libuv's pool, libvips' workers, tesseract's worker) inherit it from the thread
 * that starts them. Elsewhere the process runs at its parent's priority.
 */
function lowerPriority(nice: number): void {
  if (!Number.isInteger(nice) || nice <= 0) return;
  try {
    for (const threadId of readdirSync('/proc/self/task')) setPriority(Number(threadId), nice);
  } catch {
    // No /proc (not Linux): left as it is.
  }
}

lowerPriority(Number(process.env.CHECKS_NICE ?? 0));

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

async function greyOrNull(image: Uint8Array): Promise<Float32Array | null> {
  try {
    return await greySquare(asBuffer(image));
  } catch {
    return null;
  }
}

/** The OCR reader, started on the first KTP and kept while the process lives. */
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

const reply = (message: CheckReply) => process.send?.(message);

/**
 * Two lanes, each one task at a time in the order sent: the KTP readings, and the photos' hashes and
 * comparisons. Tesseract reads on a thread of its own, so a job's photos are hashed while its KTP is read,
 * and a job takes about as long as its reading rather than the sum (decision 0050).
 */
const lanes = { ktp: Promise.resolve() as Promise<unknown>, photos: Promise.resolve() as Promise<unknown> };
process.on('message', (message: CheckTask) => {
  const lane = message.task === 'ktp' ? 'ktp' : 'photos';
  lanes[lane] = lanes[lane].then(() =>
    run(message).then(reply, (error: unknown) => reply({ id: message.id, error: error instanceof Error ? error.message : String(error) })),
  );
});
// The server is gone (closed, or killed with no chance to close): so is the work it asked for.
process.on('disconnect', () => process.exit(0));
