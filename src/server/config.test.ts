import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runServerSource } from '../../tests/support/run-server-source.js';
import { adminMfaRequired, ConfigError, ConfigSchema, cookieSecure, parseConfig } from './config.js';

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
      STORAGE_DRIVER: 'local',
    });
  });

  it('turns secure cookies on in production or beyond loopback, unless COOKIE_SECURE=false says otherwise', () => {
    expect(cookieSecure(parseConfig({ NODE_ENV: 'production' }))).toBe(true);
    expect(cookieSecure(parseConfig({ NODE_ENV: 'development' }))).toBe(false);
    expect(cookieSecure(parseConfig({ NODE_ENV: 'development', HOST: 'localhost' }))).toBe(false);
    expect(cookieSecure(parseConfig({ NODE_ENV: 'development', HOST: '::1' }))).toBe(false);
    expect(cookieSecure(parseConfig({ NODE_ENV: 'production', COOKIE_SECURE: 'false' }))).toBe(false);
    // A plain `npm start` listening on every interface: Secure, unless turned off explicitly.
    expect(cookieSecure(parseConfig({ HOST: '0.0.0.0' }))).toBe(true);
    expect(cookieSecure(parseConfig({ HOST: '192.168.1.20' }))).toBe(true);
    expect(cookieSecure(parseConfig({ HOST: '0.0.0.0', COOKIE_SECURE: 'false' }))).toBe(false);
  });

  it("requires the admins' second factor by default in production only", () => {
    expect(adminMfaRequired(parseConfig({ NODE_ENV: 'production' }))).toBe(true);
    expect(adminMfaRequired(parseConfig({ NODE_ENV: 'development' }))).toBe(false);
    expect(adminMfaRequired(parseConfig({ NODE_ENV: 'test' }))).toBe(false);
    expect(adminMfaRequired(parseConfig({ NODE_ENV: 'production', REQUIRE_ADMIN_MFA: 'false' }))).toBe(false);
    expect(adminMfaRequired(parseConfig({ NODE_ENV: 'development', REQUIRE_ADMIN_MFA: 'true' }))).toBe(true);
  });

  it('takes TRUST_PROXY as a hop count or a list of proxy addresses, never true', () => {
    expect(parseConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(parseConfig({ TRUST_PROXY: 'loopback,fd00::/8' }).TRUST_PROXY).toEqual(['loopback', 'fd00::/8']);
    expect(() => parseConfig({ TRUST_PROXY: 'true' })).toThrow(
      /^Invalid configuration: TRUST_PROXY: must be false, a hop count or a comma-separated list/,
    );
    expect(() => parseConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY/);
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

  it('never repeats the value it refused, which may hold a password', () => {
    expect(() => parseConfig({ DATABASE_URL: 'mysql://app:s3cret-Pa55@db.internal/portal' })).toThrow(
      /^Invalid configuration: DATABASE_URL: [^]*$/,
    );
    expect(() => parseConfig({ DATABASE_URL: 'mysql://app:s3cret-Pa55@db.internal/portal' })).not.toThrow(/s3cret-Pa55|db\.internal/);
  });

  it('makes the server print one clear line and exit 1 on bad configuration', () => {
    const result = runServerSource({ DATABASE_URL: '', PORT: '99999', LOG_LEVEL: 'info' });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT: /);
    expect(lines[0]).not.toContain('99999');
    expect(result.stdout).toBe('');
  });
});
