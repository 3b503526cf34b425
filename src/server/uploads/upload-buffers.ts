/**
 * Buffers an upload's file is read into, kept and reused instead of one new Buffer per upload
 * (decision 0054). V8 counts every ArrayBuffer allocated since its last full collection against the old
 * generation's room, which on this heap is about the young generation's 16 MB: with eight uploads in
 * flight, each holding its socket chunks and then their 1 MB concatenation, the live bytes alone started
 * a full collection every registration or so, and each freed almost nothing. A pooled buffer is allocated
 * once and never counts again.
 *
 * A lease's bytes belong to one request until it is released; the next lease overwrites them. So only
 * `withLease` hands a lease out, and it releases after the caller's work has settled, never before.
 */
export type UploadBufferPool = {
  /** Runs `use` with a buffer of the pool's slot size, or null when every slot is leased (read as before). */
  withLease<T>(use: (buffer: Buffer | null) => Promise<T>): Promise<T>;
  /** Slots not leased at the moment (for the tests). */
  free(): number;
};

export function uploadBufferPool(slots: number, slotBytes: number): UploadBufferPool {
  const idle: Buffer[] = [];
  let created = 0;
  return {
    async withLease(use) {
      let buffer = idle.pop() ?? null;
      // Allocated on first need: a server that never takes an upload holds none of it.
      if (!buffer && created < slots) {
        buffer = Buffer.allocUnsafeSlow(slotBytes);
        created += 1;
      }
      try {
        return await use(buffer);
      } finally {
        if (buffer) idle.push(buffer);
      }
    },
    free: () => idle.length + (slots - created),
  };
}
