import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.js';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data', NODE_ENV: 'development', LOG_LEVEL: 'info' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.TRUST_PROXY).toBe(false);
  });

  it('names the variable that is wrong', () => {
    expect(() => parseConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: 'abc' })).toThrow(/^Invalid configuration: PORT: /);
    expect(() => parseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => parseConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
  });

  it('makes the server print one clear line and exit 1 on bad configuration', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
      env: { ...process.env, DATABASE_URL: '', PORT: '99999', LOG_LEVEL: 'info' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT: .*\(got "99999"\)$/);
    expect(result.stdout).toBe('');
  });
});
