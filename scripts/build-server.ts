// npm run build's server half: compiles src/server and src/domain into BUILD_DIR (default dist) beside the
// client, with the data files the server reads at run time (the common-password list), so that a copy of
// BUILD_DIR, package.json, the lock file and drizzle/ runs on production dependencies alone
// (tests/e2e/build-stands-alone.test.ts). What the last build left is removed first: tsc never deletes, and a
// file dropped from the build (the seed-data generator) would otherwise live on in an old dist/.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const out = process.env.BUILD_DIR ?? 'dist';
const SOURCE_ROOTS = ['server', 'domain'];

for (const root of SOURCE_ROOTS) rmSync(path.join(out, root), { recursive: true, force: true });

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', out], { stdio: 'inherit' });

let copied = 0;
for (const root of SOURCE_ROOTS) {
  const from = path.join('src', root);
  for (const file of readdirSync(from, { recursive: true, encoding: 'utf8' })) {
    // Sources are compiled; any other file is data the server reads, unless a test's.
    if (/\.tsx?$/.test(file) || /\.test\./.test(file) || !statSync(path.join(from, file)).isFile()) continue;
    mkdirSync(path.dirname(path.join(out, root, file)), { recursive: true });
    copyFileSync(path.join(from, file), path.join(out, root, file));
    copied += 1;
  }
}
console.log(`server built into ${out}/ (${SOURCE_ROOTS.join(', ')}), ${copied} data file(s) copied`);
