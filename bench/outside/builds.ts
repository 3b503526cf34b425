// The builds a run measures: this working tree, and with --baseline <ref> that commit, checked out in a
// temporary git worktree (node_modules linked when its package-lock.json is this tree's, else npm ci),
// built with tsc the same way, and removed afterwards.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Build } from './engine-run.js';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const BUILD_DIR = '.build-bench';

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} (in ${cwd}) exited with ${code}`)),
    );
  });
}

async function tscBuild(root: string): Promise<string> {
  // The server only: the client bundle plays no part in these phases. As npm run build builds it, with the
  // data files the server reads; a baseline older than scripts/build-server.ts read them from src/.
  if (existsSync(path.join(root, 'scripts/build-server.ts'))) await run('npx', ['tsx', 'scripts/build-server.ts'], root, { BUILD_DIR });
  else await run('npx', ['tsc', '-p', 'tsconfig.build.json', '--outDir', BUILD_DIR], root);
  return path.join(root, BUILD_DIR, 'server/server.js');
}

export async function currentBuild(build: boolean): Promise<Build> {
  if (build) {
    console.log(`building this tree's server into ${BUILD_DIR} ...`);
    return { label: 'this tree', root: ROOT, serverJs: await tscBuild(ROOT) };
  }
  return { label: 'this tree', root: ROOT, serverJs: path.join(ROOT, BUILD_DIR, 'server/server.js') };
}

export type BaselineBuild = Build & { remove(): Promise<void> };

export async function baselineBuild(ref: string): Promise<BaselineBuild> {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'aipos-baseline-')), 'tree');
  console.log(`baseline ${ref}: git worktree in ${dir} ...`);
  await run('git', ['worktree', 'add', '--detach', dir, ref], ROOT);
  const removeNow = () => {
    try {
      execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT, stdio: 'ignore' });
    } catch (error) {
      console.error(`git worktree remove ${dir}: ${(error as Error).message}`);
    }
    rmSync(path.dirname(dir), { recursive: true, force: true });
  };
  // Interrupted (Ctrl-C), the worktree goes too: git would otherwise keep listing it.
  const onSignal = (signal: NodeJS.Signals) => {
    removeNow();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  const remove = async () => {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
    removeNow();
  };
  try {
    const lock = (root: string) => readFileSync(path.join(root, 'package-lock.json'), 'utf8');
    if (existsSync(path.join(dir, 'package-lock.json')) && lock(dir) === lock(ROOT)) {
      symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
      // npm ci's postinstall did not run there: the baseline's photo tee (decision 0053) is built as npm ci would.
      if (existsSync(path.join(dir, 'scripts/build-photo-tee.mjs'))) await run('node', ['scripts/build-photo-tee.mjs'], dir);
    } else {
      console.log(`baseline ${ref}: package-lock.json differs, npm ci ...`);
      await run('npm', ['ci', '--no-audit', '--no-fund'], dir);
    }
    const serverJs = await tscBuild(dir);
    return { label: `baseline ${ref}`, root: dir, serverJs, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
