// With two builds or more (--baseline, --node-flags-b): the registration phases again, the builds' servers up
// side by side and their registrations alternated in chunks, the order swapped each round. This machine's speed
// moves by 10-20 % within a run, more than most changes weigh (2 Dec: two builds differing by one header read
// read 480 and 543 ms per registration in columns measured minutes apart, the lighter build the dearer one);
// alternated chunks share every stretch of it. Each build's figure is its CPU over all its chunks divided by
// their registrations, beside each chunk's own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFreshDatabase } from '../../tests/support/fresh-database.js';
import { BENCH_KEY, registerPhotos, serverEnv, type Build } from './engine-run.js';
import type { BenchOptions, Engine } from './options.js';
import type { PhotoSet } from './photos.js';
import { startChild, type Child } from './proc.js';

export type AlternatedBuild = { label: string; cpuMsPerRegistration: number; chunks: number[]; failures: number };
export type AlternatedFigures = { engine: Engine; photos: string; rounds: number; chunk: number; builds: AlternatedBuild[] };

/**
 * Waits until the server is idle again (under 10 % of a core over 250 ms, at most 5 s), so a chunk's trailing work
 * (collections, libvips' threads ending, writes still queued) counts in that chunk, not unmeasured while the other
 * build's chunk runs. The first trial without this read the first chunk of every round 50-60 % dearer.
 */
async function settled(child: Child): Promise<void> {
  for (let i = 0; i < 20; i += 1) {
    const before = child.cpuMs();
    await new Promise((resolve) => setTimeout(resolve, 250));
    if (child.cpuMs() - before < 25) return;
  }
}

type Side = { build: Build; child: Child; cpuMs: number; registered: number; chunks: number[]; failures: number };

/** One server per build on a database of its own (no seeded merchants: registrations do not read them). */
export async function runAlternated(
  builds: Build[],
  engine: Engine,
  options: BenchOptions,
  photoSets: PhotoSet[],
): Promise<AlternatedFigures[]> {
  const work = mkdtempSync(path.join(tmpdir(), `aipos-alternated-${engine}-`));
  const say = (message: string) => console.log(`[alternated ${engine}] ${message}`);
  const children: Child[] = [];
  const drops: (() => Promise<void>)[] = [];
  try {
    const servers: Child[] = [];
    for (const [i, build] of builds.entries()) {
      const dataDir = path.join(work, `data-${i}`);
      let databaseUrl: string | undefined;
      if (engine === 'postgres') {
        const fresh = await createFreshDatabase({ serverUrl: options.postgresUrl, prefix: `bench_alt_${process.pid}` });
        databaseUrl = fresh.url;
        drops.push(fresh.drop);
      }
      const dbEnv = { DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: BENCH_KEY, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
      const child = await startChild(
        [...(build.nodeFlags ?? options.nodeFlags), build.serverJs],
        serverEnv(dbEnv, options, {}),
        work,
        path.join(work, `server-${i}.log`),
      );
      children.push(child);
      servers.push(child);
    }
    const figures: AlternatedFigures[] = [];
    for (const [setIndex, set] of photoSets.entries()) {
      // The 2560 px photos cost about 2.5 times as much: smaller chunks keep the phases about as long.
      const chunk = setIndex === 0 ? options.alternateChunk : Math.max(2, Math.ceil(options.alternateChunk / 3));
      const sides: Side[] = builds.map((build, i) => ({ build, child: servers[i]!, cpuMs: 0, registered: 0, chunks: [], failures: 0 }));
      say(`warm-up: ${Math.min(8, chunk)} registrations of five ${set.note} photos on each server ...`);
      for (const side of sides) {
        await registerPhotos(side.child, set, Math.min(8, chunk), options, work);
        await settled(side.child);
      }
      say(`${options.alternateRounds} rounds of ${chunk} registrations per build, five ${set.note} photos, order swapped each round ...`);
      for (let round = 0; round < options.alternateRounds; round += 1) {
        for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
          const before = side.child.cpuMs();
          const result = await registerPhotos(side.child, set, chunk, options, work);
          await settled(side.child);
          const spent = side.child.cpuMs() - before;
          side.cpuMs += spent;
          side.registered += result.registered;
          side.failures += Object.values(result.failures).reduce((total, n) => total + n, 0);
          side.chunks.push(spent / Math.max(1, result.registered));
        }
        say(`  round ${round + 1}: ${sides.map((s) => `${s.build.label} ${s.chunks.at(-1)!.toFixed(0)} ms`).join(', ')}`);
      }
      figures.push({
        engine,
        photos: set.note,
        rounds: options.alternateRounds,
        chunk,
        builds: sides.map((s) => ({
          label: s.build.label,
          cpuMsPerRegistration: s.cpuMs / Math.max(1, s.registered),
          chunks: s.chunks,
          failures: s.failures,
        })),
      });
    }
    return figures;
  } finally {
    for (const child of children) await child.stop();
    for (const drop of drops) await drop().catch((error: unknown) => console.error('drop database:', (error as Error).message));
    if (!process.env.BENCH_KEEP_WORK) rmSync(work, { recursive: true, force: true });
  }
}
