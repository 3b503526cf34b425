import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

// The formatter check of `npm run lint` (decision 0044), run on a small tree with the project's own
// configuration: it must fail on a file Prettier would change, not only pass on today's code.
const root = fileURLToPath(new URL('../..', import.meta.url));
const prettier = path.join(root, 'node_modules/.bin/prettier');

let dir: string | null = null;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = null;
});

async function check(files: Record<string, string>): Promise<{ code: number; output: string }> {
  dir = await mkdtemp(path.join(tmpdir(), 'format-rule-'));
  // The project's configuration, its plugins resolved from the project (the tree lies outside it).
  const config = JSON.parse(await readFile(path.join(root, '.prettierrc.json'), 'utf8')) as { plugins: string[] };
  const resolve = createRequire(path.join(root, 'package.json')).resolve;
  await writeFile(path.join(dir, '.prettierrc.json'), JSON.stringify({ ...config, plugins: config.plugins.map((name) => resolve(name)) }));
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  try {
    const { stdout, stderr } = await promisify(execFile)(prettier, ['--check', ...Object.keys(files)], {
      cwd: dir,
      env: { ...process.env, NODE_PATH: path.join(root, 'node_modules') },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('the formatter check of npm run lint', () => {
  it('passes a file in the house style', async () => {
    const result = await check({
      'codes.ts':
        "import { readFile } from 'node:fs/promises';\nimport { z } from 'zod';\nimport { CODE } from './code.js';\n\nexport const Code = z.literal(CODE);\nexport const read = () => readFile('x');\n",
    });
    expect(result.output).toContain('All matched files use Prettier code style!');
    expect(result.code).toBe(0);
  });

  it('fails on double quotes, a missing semicolon and a line over 140 columns, naming the file', async () => {
    const long = `export const LABELS = { ${Array.from({ length: 12 }, (_, i) => `label${i}: 'Label nomor ${i}'`).join(', ')} };\n`;
    const result = await check({ 'quotes.ts': 'export const NAME = "AIPOS"\n', 'long.ts': long });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('quotes.ts');
    expect(result.output).toContain('long.ts');
  });

  it('fails on imports out of order: packages before relative paths, built-ins first', async () => {
    const result = await check({
      'order.ts':
        "import { CODE } from './code.js';\nimport { z } from 'zod';\nimport { readFile } from 'node:fs/promises';\n\nexport const Code = z.literal(CODE);\nexport const read = () => readFile('x');\n",
    });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('order.ts');
  });
});
