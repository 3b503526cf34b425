import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { DOCUMENT_SLOTS } from '../../src/domain/document-slots.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { makeJpeg, makePdf, makePng, multipartBody, type FieldPart, type FilePart } from './registration-fixtures.js';
import { runSeed } from './run-seed.js';

/**
 * Shared machinery of the fuzz suites: value generators (random and near-valid), the one property every
 * generated request must hold, and a tally of requests per endpoint for the report.
 */

/** FUZZ_SCALE=0.3 shrinks every suite's run count (the PostgreSQL pass in CI); default 1. */
export const FUZZ_SCALE = Number(process.env.FUZZ_SCALE ?? (process.env.DATABASE_URL ? '0.3' : '1')) || 1;

export function runs(base: number): number {
  return Math.max(10, Math.round(base * FUZZ_SCALE));
}

/** The run's FUZZ_SEED (printed at its start by vitest.config.ts), so a failure seen in CI replays locally. */
export function fcParams(numRuns: number): fc.Parameters<unknown> {
  // Shrinking replays requests against a database that the first runs already changed: a few steps
  // are enough to get a readable counterexample, more just burn the time budget.
  return { numRuns, seed: runSeed('FUZZ_SEED'), endOnFailure: true };
}

// ---------------------------------------------------------------- values

const SPECIAL_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u202e',
  'gnp.exe',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  "'; drop table merchants; --",
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%E0%A4%A',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'NaN',
  'null',
  'undefined',
  '-1',
  '1e309',
  '0x1F',
  '😀'.repeat(40),
  'ñ\u0301',
  '\r\n\r\nX-Injected: 1',
  '\ud800',
  'a'.repeat(1001),
  'x'.repeat(70_000),
] as const;

/** A string from anywhere: plain, any Unicode (lone surrogates included), a nasty constant, or huge. */
export const anyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 3, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 300_000 }).map((n) => '\u00e9'.repeat(n)) },
);

/** Header values must be printable ASCII, or the HTTP layer (not the app) refuses them. */
export const headerValue: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 250 }),
  fc.uuid(),
);

/** An Idempotency-Key as a registration or an order may carry it: a key, any header value, or none. */
export const idempotencyKey: fc.Arbitrary<string | undefined> = fc.option(fc.oneof(fc.uuid(), headerValue), { nil: undefined });

/** The request headers that carry `key`, if there is one. */
export function idempotencyHeaders(key: string | undefined): Record<string, string> {
  return key === undefined ? {} : { 'idempotency-key': key };
}

const anyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 63), 0.1, 999_999_999_999_999),
);

/** Any JSON-representable value, nested a little. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  anyString,
  anyNumber,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(anyString, { maxLength: 5 }),
  fc.dictionary(anyString, anyString, { maxKeys: 4 }),
);

const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype', '__defineGetter__', 'hasOwnProperty', 'toString'] as const;

/** Inserts `"key": value` into a JSON object text: object literals would turn `__proto__` into a prototype. */
function withExtraKey(json: string, key: string, value: unknown): string {
  const member = `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`;
  return json === '{}' ? `{${member}}` : `{${member},${json.slice(1)}`;
}

/**
 * JSON texts near a valid body: a field dropped, a field of the wrong type or absurd size, a
 * prototype-pollution key, an unknown key, a nested object, or the valid body itself.
 */
export function nearValidJson(
  base: Record<string, unknown>,
  fieldValues: Record<string, fc.Arbitrary<unknown>> = {},
): fc.Arbitrary<string> {
  const keys = Object.keys(base);
  const key = keys.length ? fc.constantFrom(...keys) : fc.constant('x');
  return fc.oneof(
    fc.constant(JSON.stringify(base)),
    key.map((k) => JSON.stringify(Object.fromEntries(Object.entries(base).filter(([name]) => name !== k)))),
    fc.tuple(key, anyValue).map(([k, v]) => JSON.stringify({ ...base, [k]: v })),
    fc
      .tuple(key, fc.dictionary(fc.string({ maxLength: 5 }), anyValue, { maxKeys: 3 }))
      .map(([k, v]) => JSON.stringify({ ...base, [k]: v })),
    ...Object.entries(fieldValues).map(([k, arb]) => arb.map((v) => JSON.stringify({ ...base, [k]: v }))),
    fc
      .tuple(fc.constantFrom(...POLLUTION_KEYS), fc.oneof(anyValue, fc.constant({ isAdmin: true, polluted: 'yes' })))
      .map(([k, v]) => withExtraKey(JSON.stringify(base), k, v)),
    fc.tuple(anyString, anyValue).map(([k, v]) => withExtraKey(JSON.stringify(base), k, v)),
    fc.array(fc.constant(base), { minLength: 1, maxLength: 3 }).map((list) => JSON.stringify(list)),
    fc.constant(JSON.stringify({ wrapper: base })),
  );
}

/** Totally random JSON bodies and texts that are not JSON at all. */
export const randomJson: fc.Arbitrary<string> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? 'null'),
  anyValue.map((v) => JSON.stringify(v) ?? 'null'),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom('', '{', '{"a":', '[1,2', 'nul', '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"x":1}}}', '\u0000'),
  fc.integer({ min: 1, max: 80 }).map((depth) => '['.repeat(depth * 100) + ']'.repeat(depth * 100)),
);

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/xml',
  'APPLICATION/JSON',
  'application/json, text/plain',
] as const;

export type BodySpec =
  | { kind: 'json'; text: string; contentType: string }
  | { kind: 'parts'; parts: (FilePart | FieldPart)[] }
  | { kind: 'raw-multipart'; raw: Buffer; boundary: string };

export type FuzzRequest = {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS';
  url: string;
  headers?: Record<string, string>;
  body?: BodySpec;
  remoteAddress?: string;
};

/** A JSON-ish body: mostly declared JSON, sometimes another content type. */
export function jsonBody(text: fc.Arbitrary<string>): fc.Arbitrary<BodySpec> {
  return fc.tuple(text, fc.option(fc.constantFrom(...CONTENT_TYPES), { freq: 4, nil: undefined })).map(([t, type]) => ({
    kind: 'json' as const,
    text: t,
    contentType: type ?? 'application/json',
  }));
}

// ---------------------------------------------------------------- multipart

export type SampleFiles = { jpeg: Buffer; png: Buffer; pdf: Buffer };

export async function sampleFiles(): Promise<SampleFiles> {
  return { jpeg: await makeJpeg({ width: 32, height: 24 }), png: await makePng({ width: 16, height: 16 }), pdf: makePdf() };
}

const fieldName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...DOCUMENT_SLOTS) },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'file', 'documents[foto_ktp]', '', 'foto_ktp\u0000') },
  { weight: 1, arbitrary: anyString.map((s) => s.slice(0, 200)) },
);

// Shared, built once: one byte over the 3 MB upload limit.
const OVERSIZE = Buffer.alloc(3 * 1024 * 1024 + 1, 0x41);

function fileBytes(files: SampleFiles): fc.Arbitrary<Buffer> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(files.jpeg, files.png, files.pdf) },
    { weight: 3, arbitrary: fc.uint8Array({ maxLength: 2_000 }).map((a) => Buffer.from(a)) },
    // A real file cut short, or a real header followed by garbage.
    {
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom(files.jpeg, files.png, files.pdf), fc.nat({ max: 400 })).map(([file, n]) => file.subarray(0, n)),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(files.jpeg, files.png), fc.uint8Array({ maxLength: 300 }))
        .map(([file, junk]) => Buffer.concat([file.subarray(0, 20), Buffer.from(junk)])),
    },
    { weight: 1, arbitrary: fc.constant(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')) },
    // One byte over the 3 MB limit: rare, it is slow to build.
    { weight: 1, arbitrary: fc.constant(OVERSIZE) },
  );
}

const filePart = (files: SampleFiles) =>
  fc.record({
    name: fieldName,
    data: fileBytes(files),
    filename: fc.oneof(
      fc.constantFrom('ktp.jpg', 'a.jpg.php', '../../x.png', 'x'.repeat(300), 'a\r\nb.jpg', 'gpj.\u202eexe', ''),
      anyString.map((s) => s.slice(0, 400)),
    ),
    contentType: fc.constantFrom('image/jpeg', 'image/png', 'application/pdf', 'text/html', 'image/svg+xml', 'application/octet-stream'),
  });

const fieldPart = fc.record({ name: fieldName, value: anyString.map((s) => s.slice(0, 5_000)) });

/** Well-formed multipart bodies with 0-6 parts, and malformed ones (bad boundary, cut short, garbage). */
export function multipartSpec(files: SampleFiles): fc.Arbitrary<BodySpec> {
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc.array(fc.oneof(filePart(files), fieldPart), { maxLength: 6 }).map((parts) => ({ kind: 'parts' as const, parts })),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('raw-multipart' as const),
        raw: fc.oneof(
          fc.uint8Array({ maxLength: 1_000 }).map((a) => Buffer.from(a)),
          fc.constant(
            Buffer.from('--b\r\nContent-Disposition: form-data; name="foto_ktp"; filename="a.jpg"\r\n\r\n\xff\xd8\xff', 'latin1'),
          ),
          fc.constant(
            Buffer.from(
              '--b\r\nContent-Disposition: form-data; name="__proto__"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nxx\r\n--b--\r\n',
            ),
          ),
          fc.constant(Buffer.from('--b\r\nContent-Disposition: form-data\r\n\r\nxx\r\n--b--\r\n')),
        ),
        boundary: fc.constantFrom('b', '', '"b"', 'x'.repeat(200), 'b; charset=utf-8'),
      }),
    },
  );
}

/** Turns a body spec into bytes and headers (FormData encoding is asynchronous). */
export async function encodeBody(body: BodySpec | undefined): Promise<{ payload?: string | Buffer; headers: Record<string, string> }> {
  if (!body) return { headers: {} };
  if (body.kind === 'json') return { payload: body.text, headers: { 'content-type': body.contentType } };
  if (body.kind === 'parts') return multipartBody(body.parts);
  return { payload: body.raw, headers: { 'content-type': `multipart/form-data; boundary=${body.boundary}` } };
}

/** JSON and multipart bodies mixed: every endpoint gets both kinds. */
export function anyBody(json: fc.Arbitrary<string>, files: SampleFiles, multipartWeight = 1): fc.Arbitrary<BodySpec> {
  return fc.oneof({ weight: 4, arbitrary: jsonBody(json) }, { weight: multipartWeight, arbitrary: multipartSpec(files) });
}

// ---------------------------------------------------------------- paths and queries

/** encodeURIComponent throws on a lone surrogate; those become U+FFFD first. */
function encode(value: string): string {
  return encodeURIComponent(value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));
}

/** A path segment that is not a real id: random text (percent-encoded or raw), long, or traversal-like. */
export const garbageSegment: fc.Arbitrary<string> = fc.oneof(
  anyString.map((s) => encode(s.slice(0, 300)) || 'x'),
  fc.constantFrom(
    '..',
    '%2e%2e',
    '%00',
    '%',
    '%E0%A4%A',
    '00000000-0000-4000-8000-000000000000',
    'null',
    '1',
    '-1',
    '__proto__',
    'x'.repeat(101),
    "'--",
  ),
  fc.uuid(),
);

export const queryString: fc.Arbitrary<string> = fc.oneof(
  fc.constant(''),
  fc
    .dictionary(
      fc.oneof(
        fc.constantFrom('q', 'status', 'sort', 'page', 'action', 'download', '__proto__', 'constructor'),
        fc.string({ maxLength: 8 }),
      ),
      anyString.map((s) => s.slice(0, 300)),
      {
        maxKeys: 4,
      },
    )
    .map(
      (params) =>
        `?${Object.entries(params)
          .map(([k, v]) => `${encode(k)}=${encode(v)}`)
          .join('&')}`,
    ),
  fc.constantFrom(
    '?page=0',
    '?page=-1',
    '?page=1e9',
    '?page=abc',
    '?page=1.5',
    '?status=all&status=verified',
    '?q[]=a',
    '?q[a]=b',
    '?%',
    '?download=2',
    '?__proto__[x]=1',
  ),
);

export const remoteAddress: fc.Arbitrary<string> = fc.ipV4();

// ---------------------------------------------------------------- the property

type Counts = {
  merchants: number;
  uploads: number;
  audit_logs: number;
  users: number;
  sessions: number;
  orders: number;
  held: number;
  files: number;
};

export async function storedCounts(t: TestApp): Promise<Counts> {
  const result = await t.app.deps.db.execute(sql`select
    (select count(*) from merchants)::int as merchants,
    (select count(*) from uploads)::int as uploads,
    (select count(*) from audit_logs)::int as audit_logs,
    (select count(*) from users)::int as users,
    (select count(*) from sessions)::int as sessions,
    (select count(*) from orders)::int as orders,
    (select coalesce(sum(held), 0) from products)::int as held`);
  const row = (result as unknown as { rows: Omit<Counts, 'files'>[] }).rows[0]!;
  return { ...row, files: countFiles(t.filesDir) };
}

function countFiles(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

// Words that only an English (framework or zod) message would carry; the Indonesian texts avoid them.
const ENGLISH =
  /\b(the|must|expected|invalid|unexpected|required|should|received|property|undefined|body|route|error|failed|too (big|small|many|large))\b/i;

export type Tally = Map<string, number>;
export const tally: Tally = new Map();
/** Every distinct error answer seen, printed at the end for a human to read. */
export const messagesSeen = new Map<string, string>();

export class FuzzViolation extends Error {}

let lastCounts: { t: TestApp; counts: Counts } | null = null;

/** Call after anything outside sendAndCheck may have written (setup, a waited-for async audit row). */
export function forgetCounts(): void {
  lastCounts = null;
}

/**
 * Sends one generated request and checks: no 5xx, an error answer has {error:{code,message}} with a
 * non-empty Indonesian message, and a refused request (4xx) left the counted tables and the storage
 * folder as they were. Returns the response for extra checks.
 */
export async function sendAndCheck(t: TestApp, label: string, request: FuzzRequest): Promise<LightMyRequestResponse> {
  tally.set(label, (tally.get(label) ?? 0) + 1);
  const encoded = await encodeBody(request.body);
  // After a refused request the counts are known (it changed nothing): skip one query per request.
  const before = lastCounts?.t === t ? lastCounts.counts : await storedCounts(t);
  lastCounts = null;
  const response = await t.app.inject({
    method: request.method,
    url: request.url,
    headers: { ...encoded.headers, ...request.headers },
    ...(encoded.payload === undefined ? {} : { payload: encoded.payload }),
    ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
  });
  const describe = () =>
    `${label}: ${request.method} ${request.url.slice(0, 200)} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
  if (response.statusCode >= 500) throw new FuzzViolation(`5xx answer. ${describe()}`);
  if (response.statusCode >= 400) {
    if (request.method !== 'HEAD') {
      let parsed: unknown;
      try {
        parsed = response.json();
      } catch {
        throw new FuzzViolation(`error answer is not JSON. ${describe()}`);
      }
      const error = (parsed as { error?: { code?: unknown; message?: unknown } }).error;
      if (typeof error?.code !== 'string' || !error.code) throw new FuzzViolation(`error without code. ${describe()}`);
      if (typeof error.message !== 'string' || !error.message.trim()) throw new FuzzViolation(`error without message. ${describe()}`);
      if (ENGLISH.test(error.message)) throw new FuzzViolation(`English error message. ${describe()}`);
      messagesSeen.set(`${response.statusCode} ${error.code}`, error.message);
    }
    const after = await storedCounts(t);
    if (JSON.stringify(after) !== JSON.stringify(before)) {
      throw new FuzzViolation(`refused request stored something: ${JSON.stringify(before)} -> ${JSON.stringify(after)}. ${describe()}`);
    }
    lastCounts = { t, counts: after };
  }
  return response;
}

/** Throws on the first unhandled rejection or uncaught exception while a suite runs. */
function watchForCrashes(): { check(): void; stop(): void } {
  const seen: unknown[] = [];
  const onError = (error: unknown) => seen.push(error);
  process.on('unhandledRejection', onError);
  process.on('uncaughtException', onError);
  return {
    check() {
      if (seen.length) throw new FuzzViolation(`process-level error: ${String(seen[0])}`);
    },
    stop() {
      process.off('unhandledRejection', onError);
      process.off('uncaughtException', onError);
    },
  };
}

function printTally(title: string): void {
  const total = [...tally.values()].reduce((a, b) => a + b, 0);
  const lines = [...tally.entries()].map(([label, n]) => `  ${String(n).padStart(6)}  ${label}`);
  console.log(
    `${title}: ${total} generated requests\n${lines.join('\n')}\nerror answers seen:\n${[...messagesSeen.entries()].map(([k, m]) => `  ${k}: ${m}`).join('\n')}`,
  );
}

/** How long one fuzz suite's setup or one of its properties may take. */
export const FUZZ_TIMEOUT = 600_000;

/**
 * The frame of a fuzz suite: the app (with `env`) and the sample files before its tests, then `prepare`
 * (merchants, a session); after them the tally printed as `title` and the app closed. The returned watch
 * throws, on `check()`, the first process-level error seen meanwhile.
 */
export function fuzzSuite(
  title: string,
  env: Record<string, string>,
  prepare: (t: TestApp, files: SampleFiles) => Promise<void>,
): { check(): void } {
  const crashes = watchForCrashes();
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp({ env });
    await prepare(t, await sampleFiles());
  }, FUZZ_TIMEOUT);
  afterAll(async () => {
    crashes.stop();
    printTally(title);
    await t?.close();
  });
  return crashes;
}
