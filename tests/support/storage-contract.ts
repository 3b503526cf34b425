import { describe, expect, it } from 'vitest';
import type { Storage } from '../../src/server/storage/storage.js';

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of iterable) keys.push(key);
  return keys.sort();
}

/**
 * What every driver promises, run once per driver: the rest of the app only ever sees this interface.
 * `open` is called inside the suite (after the driver's beforeAll), so a driver may start a server first.
 */
export function storageContract(name: string, open: () => Storage): void {
  describe(`Storage contract: ${name}`, () => {
    it('stores, reads, streams and deletes bytes under a key', async () => {
      const storage = open();
      await storage.put('uploads/abc.jpg', Buffer.from('isi'), 'image/jpeg');
      expect(await storage.exists('uploads/abc.jpg')).toBe(true);
      expect((await storage.get('uploads/abc.jpg'))?.toString()).toBe('isi');
      const chunks: Buffer[] = [];
      for await (const chunk of (await storage.stream('uploads/abc.jpg'))!) chunks.push(Buffer.from(chunk as Uint8Array));
      expect(Buffer.concat(chunks).toString()).toBe('isi');
      await storage.delete('uploads/abc.jpg');
      // Deleting a key that is already gone is not an error.
      await storage.delete('uploads/abc.jpg');
      expect(await storage.exists('uploads/abc.jpg')).toBe(false);
      expect(await storage.get('uploads/abc.jpg')).toBeNull();
      expect(await storage.stream('uploads/abc.jpg')).toBeNull();
    });

    it('keeps binary bytes exactly, overwrites a key and reports a key never written as missing', async () => {
      const storage = open();
      const bytes = Buffer.alloc(3 * 1024 * 1024);
      for (let i = 0; i < bytes.length; i += 1) bytes[i] = (i * 31 + 7) & 0xff;
      await storage.put('documents/big.png', bytes, 'image/png');
      expect((await storage.get('documents/big.png'))!.equals(bytes)).toBe(true);
      await storage.put('documents/big.png', Buffer.from('kecil'), 'image/png');
      expect((await storage.get('documents/big.png'))?.toString()).toBe('kecil');
      expect(await storage.get('documents/never-written.jpg')).toBeNull();
      expect(await storage.exists('documents/never-written.jpg')).toBe(false);
      await storage.delete('documents/big.png');
    });

    it('lists the stored keys under a prefix', async () => {
      const storage = open();
      await storage.put('list-a/one.jpg', Buffer.from('1'), 'image/jpeg');
      await storage.put('list-a/two.pdf', Buffer.from('2'), 'application/pdf');
      await storage.put('list-b/three.png', Buffer.from('3'), 'image/png');
      expect(await collect(storage.list('list-a/'))).toEqual(['list-a/one.jpg', 'list-a/two.pdf']);
      expect((await collect(storage.list())).filter((key) => key.startsWith('list-'))).toEqual([
        'list-a/one.jpg',
        'list-a/two.pdf',
        'list-b/three.png',
      ]);
      for (const key of ['list-a/one.jpg', 'list-a/two.pdf', 'list-b/three.png']) await storage.delete(key);
      expect(await collect(storage.list('list-'))).toEqual([]);
    });

    it('refuses keys that could leave the root', async () => {
      const storage = open();
      for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'a/b\\c', '']) {
        await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe storage key/);
        await expect(storage.get(key)).rejects.toThrow(/unsafe storage key/);
      }
    });
  });
}
