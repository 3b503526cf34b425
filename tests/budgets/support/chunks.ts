import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Feature folders that make up the admin area (docs/spec.md §2): public pages must never download them. */
const ADMIN_FEATURES = ['auth', 'merchants', 'audit', 'settings', 'workbench'];
/** Admin-only modules outside those folders (decision 0042): the admin frame, its helpers, the PDF preview. */
const ADMIN_SHARED = ['app/admin-(shell|header)\\.tsx', 'lib/(download-file|admin-users)\\.ts', 'components/pdf/'];
const ADMIN_SOURCE = new RegExp(`src/client/(features/(${ADMIN_FEATURES.join('|')})/|${ADMIN_SHARED.join('|')})`);

export function clientAssetsDir(): string {
  return path.join(process.env.BUILD_DIR ?? 'dist', 'client', 'assets');
}

/**
 * File names of the built chunks holding code from `sources`, read from the source maps the build writes:
 * the chunk names are hashed, so what is in a chunk is the only reliable way to tell.
 */
export function chunksHolding(sources: RegExp, assetsDir = clientAssetsDir()): Set<string> {
  const names = new Set<string>();
  for (const file of readdirSync(assetsDir)) {
    if (!file.endsWith('.js.map')) continue;
    const map = JSON.parse(readFileSync(path.join(assetsDir, file), 'utf8')) as { sources: string[] };
    if (map.sources.some((source) => sources.test(source))) names.add(file.slice(0, -'.map'.length));
  }
  return names;
}

/** The built chunks holding admin code. */
export function adminChunkNames(assetsDir = clientAssetsDir()): Set<string> {
  return chunksHolding(ADMIN_SOURCE, assetsDir);
}
