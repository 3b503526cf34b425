import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, ConfigSchema, cookieSecure, parseConfig } from './config.js';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data', NODE_ENV: 'development', LOG_LEVEL: 'info' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.TRUST_PROXY).toBe(false);
    expect(config).toMatchObject({
      RATE_LIMIT_UPLOADS_PER_HOUR: 200,
      RATE_LIMIT_REGISTRATIONS_PER_HOUR: 20,
      RATE_LIMIT_LOOKUPS_PER_MINUTE: 30,
      SESSION_IDLE_MINUTES: 30,
      SESSION_ABSOLUTE_HOURS: 12,
      RATE_LIMIT_LOGIN_FAILURES: 5,
      REQUIRE_ADMIN_MFA: false,
      STORAGE_DRIVER: 'local',
    });
  });

  it('turns secure cookies on by default in production only, and lets COOKIE_SECURE decide', () => {
    expect(cookieSecure(parseConfig({ NODE_ENV: 'production' }))).toBe(true);
    expect(cookieSecure(parseConfig({ NODE_ENV: 'development' }))).toBe(false);
    expect(cookieSecure(parseConfig({ NODE_ENV: 'production', COOKIE_SECURE: 'false' }))).toBe(false);
  });

  it('lists every variable in .env.example', () => {
    const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    const listed = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]));
    expect(Object.keys(ConfigSchema.shape).filter((name) => !listed.has(name))).toEqual([]);
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
