import { createKtpReader, type KtpRead } from '../src/server/checks/ktp-ocr.js';
import { createRandom } from '../src/server/seed/fake-merchants.js';
import { KTP_CONDITIONS, MILD_CONDITIONS, photographKtpCard, type KtpCondition } from '../tests/support/ktp-card-conditions.js';
import { randomKtpPerson, type KtpPerson } from '../tests/support/ktp-card.js';
import { benchArgs, percentile } from './bench-kit.js';

/**
 * The KTP reader (src/server/checks/ktp-ocr.ts) over drawn cards per photo condition: how often it reads
 * the exact NIK, name and birth date, how often it returns a WRONG NIK (must be 0), and its time per card.
 *   npm run bench:ocr -- --cards 40 --language eng --conditions clean,dim
 * The same seed draws the same people in every condition and every run.
 */
const { cards, seed, ...values } = benchArgs({
  cards: 40,
  language: 'eng',
  conditions: KTP_CONDITIONS.join(','),
  seed: 2026,
  verbose: false,
});
const language = values.language === 'ind' ? 'ind' : 'eng';
const conditions = values.conditions.split(',') as KtpCondition[];

interface Tally {
  nik: number;
  wrongNik: number;
  nama: number;
  wrongNama: number;
  tanggal: number;
  wrongTanggal: number;
  ms: number[];
  cpuMs: number[];
}

function tally(tallies: Tally, person: KtpPerson, read: KtpRead, ms: number, cpuMs: number): void {
  tallies.ms.push(ms);
  tallies.cpuMs.push(cpuMs);
  if (read.nik === person.nik) tallies.nik += 1;
  else if (read.nik !== null) tallies.wrongNik += 1;
  if (read.nama === person.nama) tallies.nama += 1;
  else if (read.nama !== null) tallies.wrongNama += 1;
  if (read.tanggal_lahir === person.tanggal_lahir) tallies.tanggal += 1;
  else if (read.tanggal_lahir !== null) tallies.wrongTanggal += 1;
}

const percent = (count: number) => `${((100 * count) / cards).toFixed(1)} %`.padStart(7);

const startedAt = performance.now();
const startCpu = process.cpuUsage();
const reader = await createKtpReader({ language });
const startMs = performance.now() - startedAt;
const startCpuUsage = process.cpuUsage(startCpu);
const startCpuMs = (startCpuUsage.user + startCpuUsage.system) / 1000;
console.log(`KTP OCR, ${language}, ${cards} cards per condition, worker start ${startMs.toFixed(0)} ms (CPU ${startCpuMs.toFixed(0)} ms)`);
console.log('condition    NIK exact  NIK WRONG  nama (wrong)        tgl lahir (wrong)   p50 ms  p95 ms  CPU p50 p95');
const mild = { nik: 0, total: 0 };
try {
  for (const condition of conditions) {
    const tallies: Tally = { nik: 0, wrongNik: 0, nama: 0, wrongNama: 0, tanggal: 0, wrongTanggal: 0, ms: [], cpuMs: [] };
    for (let index = 0; index < cards; index += 1) {
      const random = createRandom(seed + index);
      const person = randomKtpPerson(random);
      const photo = await photographKtpCard(person, condition, random);
      const before = performance.now();
      // The process's CPU includes tesseract's worker thread: steadier than the wall time on a shared machine.
      const cpuBefore = process.cpuUsage();
      const read = await reader.read(photo);
      const cpu = process.cpuUsage(cpuBefore);
      tally(tallies, person, read, performance.now() - before, (cpu.user + cpu.system) / 1000);
      if (values.verbose && (read.nik !== person.nik || read.nama !== person.nama || read.tanggal_lahir !== person.tanggal_lahir)) {
        console.log(
          `  ${condition} #${index}: expected ${person.nik} ${person.nama} ${person.tanggal_lahir}, read ${JSON.stringify(read)}`,
        );
      }
    }
    if (MILD_CONDITIONS.includes(condition)) {
      mild.nik += tallies.nik;
      mild.total += cards;
    }
    const sorted = tallies.ms.toSorted((a, b) => a - b);
    const cpuSorted = tallies.cpuMs.toSorted((a, b) => a - b);
    console.log(
      `${condition.padEnd(12)} ${percent(tallies.nik)}  ${String(tallies.wrongNik).padStart(9)}  ${percent(tallies.nama)} (${tallies.wrongNama})`.padEnd(
        56,
      ) +
        `${percent(tallies.tanggal)} (${tallies.wrongTanggal})`.padEnd(20) +
        `${percentile(sorted, 50).toFixed(0).padStart(6)}  ${percentile(sorted, 95).toFixed(0).padStart(6)}` +
        `  ${percentile(cpuSorted, 50).toFixed(0).padStart(6)}  ${percentile(cpuSorted, 95).toFixed(0).padStart(6)}`,
    );
  }
  if (mild.total > 0)
    console.log(`mild conditions (${MILD_CONDITIONS.join(', ')}): NIK exact ${((100 * mild.nik) / mild.total).toFixed(1)} %`);
  console.log(`resident memory at the end: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
} finally {
  await reader.close();
}
