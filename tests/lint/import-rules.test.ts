import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

// The import rules of `npm run lint` (.dependency-cruiser.mjs), run on a small tree written for each test:
// the lint must fail on what the rules forbid, not only pass on today's code.
const root = fileURLToPath(new URL('../..', import.meta.url));
const depcruise = path.join(root, 'node_modules/.bin/depcruise');
const config = path.join(root, '.dependency-cruiser.mjs');

let dir: string | null = null;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = null;
});

async function tree(files: Record<string, string>): Promise<string> {
  dir = await mkdtemp(path.join(tmpdir(), 'import-rules-'));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
  return dir;
}

async function check(cwd: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await promisify(execFile)(depcruise, ['src', '--config', config, '--output-type', 'err'], { cwd });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, output: failed.stdout };
  }
}

describe('the import rules of npm run lint', () => {
  it('pass a tree whose floors import only downwards', async () => {
    const cwd = await tree({
      'src/domain/codes.ts': "export const CODE = 'AIP';\n",
      'src/server/codes-route.ts': "import { CODE } from '../domain/codes.js';\nexport const route = CODE;\n",
      'src/client/codes-page.tsx': "import { CODE } from '../domain/codes';\nexport const page = CODE;\n",
    });
    const result = await check(cwd);
    expect(result.output).toContain('no dependency violations found');
    expect(result.code).toBe(0);
  });

  it('fail on an import cycle, type-only imports included', async () => {
    const cwd = await tree({
      'src/domain/status-a.ts': "import type { B } from './status-b.js';\nexport type A = { b?: B };\n",
      'src/domain/status-b.ts': "import type { A } from './status-a.js';\nexport type B = { a?: A };\n",
    });
    const result = await check(cwd);
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/error no-circular: src\/domain\/status-[ab]\.ts/);
  });

  it('fail when the client imports the server, the server the client, or the domain either', async () => {
    const cwd = await tree({
      'src/server/secret.ts': 'export const SECRET = 1;\n',
      'src/client/page.tsx': "import { SECRET } from '../server/secret.js';\nexport const page = SECRET;\n",
      'src/client/label.ts': "export const LABEL = 'x';\n",
      'src/server/route.ts': "import { LABEL } from '../client/label';\nexport const route = LABEL;\n",
      'src/domain/rule.ts': "import { SECRET } from '../server/secret.js';\nexport const rule = SECRET;\n",
    });
    const result = await check(cwd);
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('error client-not-to-server: src/client/page.tsx → src/server/secret.ts');
    expect(result.output).toContain('error server-not-to-client: src/server/route.ts → src/client/label.ts');
    expect(result.output).toContain('error domain-stands-alone: src/domain/rule.ts → src/server/secret.ts');
  });

  it("fail when a feature reaches past another feature's public module, on the server and in the client", async () => {
    const cwd = await tree({
      'src/server/db/rows.ts': 'export const ROWS = 1;\n',
      'src/server/merchants/merchant-repository.ts': "import { ROWS } from '../db/rows.js';\nexport const findMerchant = ROWS;\n",
      'src/server/merchants/public.ts': "export { findMerchant } from './merchant-repository.js';\n",
      'src/server/workbench/claims.ts':
        "import { findMerchant } from '../merchants/merchant-repository.js';\nexport const claims = findMerchant;\n",
      'src/server/workbench/queue.ts':
        "import { findMerchant } from '../merchants/public.js';\n" +
        "import { ROWS } from '../db/rows.js';\nexport const queue = findMerchant + ROWS;\n",
      'src/server/workbench/claims.test.ts':
        "import { findMerchant } from '../merchants/merchant-repository.js';\nexport const checked = findMerchant;\n",
      'src/server/app.ts': "import { findMerchant } from './merchants/merchant-repository.js';\nexport const app = findMerchant;\n",
      'src/client/features/merchants/merchant-title.tsx': "export const MerchantTitle = 'x';\n",
      'src/client/features/merchants/public.ts': "export { MerchantTitle } from './merchant-title';\n",
      'src/client/features/workbench/review-page.tsx':
        "import { MerchantTitle } from '../merchants/merchant-title';\nexport const page = MerchantTitle;\n",
      'src/client/features/workbench/dashboard-page.tsx':
        "import { MerchantTitle } from '../merchants/public';\nexport const page = MerchantTitle;\n",
      'src/client/lib/title.ts':
        "import { MerchantTitle } from '../features/merchants/merchant-title';\nexport const title = MerchantTitle;\n",
      'src/client/app/router.tsx': "export const load = () => import('../features/merchants/merchant-title');\n",
    });
    const result = await check(cwd);
    expect(result.code).not.toBe(0);
    const errors = result.output.split('\n').filter((line) => line.includes('feature-through-public-module'));
    expect(errors.map((line) => line.trim()).sort()).toEqual([
      'error client-feature-through-public-module: src/client/features/workbench/review-page.tsx → ' +
        'src/client/features/merchants/merchant-title.tsx',
      'error client-feature-through-public-module: src/client/lib/title.ts → src/client/features/merchants/merchant-title.tsx',
      'error server-feature-through-public-module: src/server/workbench/claims.ts → src/server/merchants/merchant-repository.ts',
    ]);
  });
});
