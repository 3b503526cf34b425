import type { Readable, Writable } from 'node:stream';

// A minimal POSIX ustar writer and reader: regular files only, names up to 100 bytes. Enough for backup
// archives of our own making, and any `tar -tzf` can still list them. No dependency needed.
const BLOCK = 512;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

export function tarHeader(name: string, size: number, mtime: Date): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length === 0 || nameBytes.length > 100) throw new Error(`tar entry name must be 1-100 bytes: ${name}`);
  const header = Buffer.alloc(BLOCK);
  nameBytes.copy(header, 0);
  header.write(octal(0o600, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  header.write(octal(size, 12), 124, 'ascii');
  header.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  header.write('        ', 148, 'ascii');
  header.write('0', 156, 'ascii');
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return header;
}

function padding(size: number): Buffer {
  const rest = size % BLOCK;
  return Buffer.alloc(rest === 0 ? 0 : BLOCK - rest);
}

/** Writes entries one after the other, respecting backpressure, so a large backup never sits in memory twice. */
export class TarWriter {
  constructor(private readonly out: Writable) {}

  private async write(chunk: Buffer): Promise<void> {
    if (chunk.length === 0) return;
    if (!this.out.write(chunk)) await new Promise<void>((resolve) => this.out.once('drain', resolve));
  }

  async add(name: string, data: Buffer, mtime = new Date()): Promise<void> {
    await this.write(tarHeader(name, data.length, mtime));
    await this.write(data);
    await this.write(padding(data.length));
  }

  /** Two empty blocks end the archive; then the stream is ended and flushed. */
  async finish(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
    await new Promise<void>((resolve, reject) => {
      this.out.once('error', reject);
      this.out.end(resolve);
    });
  }
}

export type TarEntry = { name: string; data: Buffer };

function readString(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? raw.length : end).toString('utf8');
}

/** Chunks kept as a list and joined only when a whole piece is there: large entries stay linear in cost. */
class ChunkQueue {
  private chunks: Buffer[] = [];
  length = 0;

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  take(size: number): Buffer {
    const joined = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.length);
    this.chunks = joined.length > size ? [joined.subarray(size)] : [];
    this.length -= size;
    return joined.subarray(0, size);
  }
}

/** The entries of an (already decompressed) tar stream, one whole file at a time. */
export async function* readTar(input: Readable): AsyncGenerator<TarEntry> {
  const queue = new ChunkQueue();
  let pending: { name: string; size: number; padded: number } | null = null;
  for await (const chunk of input) {
    queue.push(chunk as Buffer);
    for (;;) {
      if (!pending) {
        if (queue.length < BLOCK) break;
        const header = queue.take(BLOCK);
        // An all-zero block marks the end of the archive.
        if (header.every((byte) => byte === 0)) return;
        const size = Number.parseInt(readString(header, 124, 12).trim() || '0', 8);
        const type = readString(header, 156, 1);
        if (!Number.isSafeInteger(size) || size < 0) throw new Error('corrupt tar header');
        if (type !== '0' && type !== '') throw new Error(`unsupported tar entry type ${JSON.stringify(type)}`);
        pending = { name: readString(header, 0, 100), size, padded: size + padding(size).length };
      }
      if (queue.length < pending.padded) break;
      const data = Buffer.from(queue.take(pending.padded).subarray(0, pending.size));
      const entry = { name: pending.name, data };
      pending = null;
      yield entry;
    }
  }
  if (pending) throw new Error('tar archive ends in the middle of an entry');
  throw new Error('tar archive has no end marker (truncated?)');
}
