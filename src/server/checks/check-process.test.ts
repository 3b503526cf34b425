import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { distinctPhoto } from '../../../tests/support/check-photos.js';
import { drawKtpCard, randomKtpPerson } from '../../../tests/support/ktp-card.js';
import { createRandom } from '../seed/fake-merchants.js';
import { createCheckProcess, UnreadablePhotoError } from './check-process.js';
import { greySquare, hashesOfGrey } from './photo-hash.js';

/** The nice value of every thread of a process (field 19 of /proc/<pid>/task/<tid>/stat). */
function threadNiceValues(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((task) => {
    const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

const onLinux = process.platform === 'linux';

describe('the checks process', () => {
  const checks = createCheckProcess({ nice: 7 });
  afterAll(() => checks.close());

  it('hashes a photo exactly as the server would in its own process', async () => {
    const photo = await distinctPhoto(4101);
    expect(await checks.hashes(photo)).toEqual(hashesOfGrey(await greySquare(photo)));
  });

  it('hashes photos while a KTP is being read: the photos do not wait for tesseract', async () => {
    const person = randomKtpPerson(createRandom(8));
    const card = await drawKtpCard(person);
    const finished: string[] = [];
    const reading = checks.ktp.read(card).then((read) => {
      finished.push('ktp');
      return read;
    });
    const photo = await distinctPhoto(4103, 64, 48);
    const hashed = checks.hashes(photo).then((hashes) => {
      finished.push('hashes');
      return hashes;
    });
    const [read, hashes] = await Promise.all([reading, hashed]);
    // One lane, the hashes would come back after the reading's half a second and more.
    expect(finished).toEqual(['hashes', 'ktp']);
    expect(hashes).toEqual(hashesOfGrey(await greySquare(photo)));
    expect(read.nik).toBe(person.nik);
  });

  it('tells a file that is not an image apart from a failure', async () => {
    await expect(checks.hashes(Buffer.from('%PDF-1.7 not an image'))).rejects.toBeInstanceOf(UnreadablePhotoError);
  });

  it.runIf(onLinux)('runs every thread at the nice value asked, with none of the server environment', async () => {
    const saved = process.env.DATA_ENCRYPTION_KEY;
    process.env.DATA_ENCRYPTION_KEY = 'a secret the checks never need';
    const own = createCheckProcess({ nice: 7 });
    try {
      await own.hashes(await distinctPhoto(4102));
      const pid = own.processId();
      expect(pid).not.toBeNull();
      expect(pid).not.toBe(process.pid);
      const values = threadNiceValues(pid!);
      expect(values.length).toBeGreaterThan(1);
      expect(new Set(values)).toEqual(new Set([7]));
      const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      expect(environment).toContain('CHECKS_NICE=7');
      expect(environment.some((entry) => entry.startsWith('DATA_ENCRYPTION_KEY='))).toBe(false);
    } finally {
      await own.close();
      if (saved === undefined) delete process.env.DATA_ENCRYPTION_KEY;
      else process.env.DATA_ENCRYPTION_KEY = saved;
    }
  });

  it.runIf(onLinux)('starts a new process for the next task when the last one was killed', async () => {
    await checks.hashes(await distinctPhoto(4103));
    const first = checks.processId()!;
    const exited = new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (checks.processId() === null) {
          clearInterval(poll);
          resolve();
        }
      }, 10);
    });
    process.kill(first, 'SIGKILL');
    await exited;
    const photo = await distinctPhoto(4104);
    expect(await checks.hashes(photo)).toEqual(hashesOfGrey(await greySquare(photo)));
    expect(checks.processId()).not.toBe(first);
  });

  it('fails the tasks in flight when it is closed, and ends the process', async () => {
    const photo = await distinctPhoto(4105);
    await checks.hashes(photo);
    const pid = checks.processId()!;
    await checks.close();
    expect(checks.processId()).toBeNull();
    expect(() => process.kill(pid, 0)).toThrow();
  });
});
