// npm run bench [-- --engines pglite,postgres --baseline <git ref> --quick --no-redis --node-flags= ...]
// (BENCH_KEEP_WORK=1 keeps each engine's temporary folder, the servers' logs included, for a look afterwards.)
// The server measured from outside (docs/performance.md, same title): the built server and a
// bare Fastify route each in their own process, the load generator in a third, the server's CPU and
// peak memory read from /proc. Figures are printed, never gated (decision 0025).
import { cpus, loadavg, totalmem } from 'node:os';
import { runAlternated, type AlternatedFigures } from './alternated.js';
import { baselineBuild, currentBuild, type BaselineBuild } from './builds.js';
import { redisAnswers, runEngine, type Build, type EngineFigures } from './engine-run.js';
import { measureImageFloor, type ImageFloor } from './image-floor.js';
import { describeOptions, parseOptions } from './options.js';
import { benchPhotos } from './photos.js';
import { alternatedReport, report, type BuildFigures } from './report.js';

const options = parseOptions(process.argv.slice(2));
const withRedis = options.redis && options.engines.includes('postgres') && (await redisAnswers(options.redisUrl));
console.log(
  `machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 1024 ** 3).toFixed(1)} GB, Node ${process.version}; load average at start ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
console.log(describeOptions(options));
if (options.redis && options.engines.includes('postgres') && !withRedis)
  console.log(`(no Redis answers at ${options.redisUrl}: the REDIS_URL configuration is skipped)`);

const photos = await benchPhotos();
const photoSets = [photos.oneMb, photos.px2560];
console.log(`photos: ${photoSets.map((set) => `five ${set.note} (${(set.bytes / 5 / 1024 / 1024).toFixed(2)} MB each)`).join('; ')}`);

// The floor first, on a machine the servers are not yet loading: sharp's work alone in a process of its own.
const floors: ImageFloor[] = [];
for (const set of photoSets) {
  const floor = await measureImageFloor(set, options.floorRounds, options.nodeFlags);
  floors.push(floor);
  console.log(
    `image floor, five ${set.note} photos: re-encode alone ${floor.reencodeMs.toFixed(0)} ms, the upload's image work ${floor.uploadMs.toFixed(0)} ms of CPU per registration`,
  );
}

const builds: Build[] = [await currentBuild(options.build)];
let baseline: BaselineBuild | undefined;
if (options.nodeFlagsB) builds[0]!.label = `this tree, node ${options.nodeFlags.join(' ') || '(no flags)'}`;
if (options.nodeFlagsB)
  builds.push({ ...builds[0]!, label: `this tree, node ${options.nodeFlagsB.join(' ') || '(no flags)'}`, nodeFlags: options.nodeFlagsB });
if (options.baseline) builds.push((baseline = await baselineBuild(options.baseline)));
const results: BuildFigures[] = builds.map((build) => ({ label: build.label, engines: [] }));
const alternated: AlternatedFigures[] = [];
const started = Date.now();
try {
  // Engine by engine, the builds one after the other: each engine's figures for both builds come from
  // the same stretch of the machine's load.
  for (const engine of options.engines) {
    for (const [i, build] of builds.entries()) {
      const figures: EngineFigures = await runEngine(build, engine, options, photoSets, engine === 'postgres' && withRedis);
      results[i]!.engines.push(figures);
    }
    if (builds.length > 1 && options.alternateRounds > 0) alternated.push(...(await runAlternated(builds, engine, options, photoSets)));
  }
} finally {
  await baseline?.remove();
}
console.log(
  `\n---- figures (${((Date.now() - started) / 60000).toFixed(1)} min; load average at the end ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}) ----`,
);
console.log(describeOptions(options));
console.log(report(results, floors));
console.log(alternatedReport(alternated));
