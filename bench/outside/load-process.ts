// The load generator, run as its own process by load.ts (never inside the bench's process, whose timers,
// /proc sampling and bookkeeping would otherwise share its event loop): autocannon for the lookups and
// health checks, eight applicants over fetch for the registrations. Reads one JSON spec from argv[2],
// prints one JSON result on stdout.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon, { type AutocannonRequest } from 'autocannon';
import { multipartBody, registrationBody, REQUIRED_SLOTS } from '../../tests/support/registration-fixtures.js';
import type { LoadSpec, LookupResult, RegistrationResult } from './load.js';

async function lookups(spec: Extract<LoadSpec, { kind: 'lookup' | 'health' }>): Promise<LookupResult> {
  let next = 0;
  let client = 0;
  const codes = spec.kind === 'lookup' ? spec.codes : [];
  const clients = spec.kind === 'lookup' ? spec.clients : 1;
  // 10.x.y.z: addresses of a private network, as a proxy in front of the server would pass them on.
  const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const request =
    spec.kind === 'lookup'
      ? {
          method: 'POST',
          path: spec.path,
          headers: { 'content-type': 'application/json' },
          setupRequest: (r: AutocannonRequest) => ({
            ...r,
            headers: clients > 1 ? { ...r.headers, 'x-forwarded-for': address((client = (client + 1) % clients)) } : r.headers,
            body: JSON.stringify({ kode_pendaftaran: codes[(next += 1) % codes.length] }),
          }),
        }
      : { method: 'GET', path: '/api/health' };
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.seconds,
    timeout: 30,
    requests: [request],
  });
  const ok = Number(result['2xx'] ?? 0);
  return {
    requests: result.requests.total,
    ok,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    seconds: result.duration,
    // Every answer counts (a code the retention pass purged is a 404 on both sides); non2xx is printed.
    reqPerSec: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

async function registrations(spec: Extract<LoadSpec, { kind: 'registrations' }>): Promise<RegistrationResult> {
  const bodies = new Map<string, ReturnType<typeof multipartBody>>();
  const make = (file: string, slot: string) =>
    multipartBody([{ name: slot, data: readFileSync(file), filename: `${slot}.jpg`, contentType: 'image/jpeg' }]);
  // The shared photos' bodies are made once; a registration's own photos when it sends them (all of them
  // kept would hold hundreds of MB).
  const part = (file: string, slot: string) => {
    if (spec.photoSets) return make(file, slot);
    const key = `${slot}\n${file}`;
    if (!bodies.has(key)) bodies.set(key, make(file, slot));
    return bodies.get(key)!;
  };
  const filesOf = (n: number) => spec.photoSets?.[n] ?? REQUIRED_SLOTS.map((_, i) => spec.photos[i % spec.photos.length]!);
  const codes: string[] = [];
  const answeredAt: number[] = [];
  const failures: Record<string, number> = {};
  const fail = (what: string, status: number) => {
    failures[`${what} ${status}`] = (failures[`${what} ${status}`] ?? 0) + 1;
  };
  const t0 = performance.now();
  const register = async (n: number) => {
    const files = filesOf(n);
    const ids: Record<string, string> = {};
    for (const [i, slot] of REQUIRED_SLOTS.entries()) {
      const body = await part(files[i]!, slot);
      const response = await fetch(`${spec.url}${spec.uploadPath}`, { method: 'POST', headers: body.headers, body: body.payload });
      const text = await response.text();
      if (response.status !== 201) fail('upload', response.status);
      else ids[slot] = (JSON.parse(text) as { upload_id: string }).upload_id;
    }
    const response = await fetch(`${spec.url}${spec.submitPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(registrationBody(ids)),
    });
    const text = await response.text();
    if (response.status === 201) {
      codes.push((JSON.parse(text) as { kode_pendaftaran: string }).kode_pendaftaran);
      answeredAt.push((performance.now() - t0) / 1000);
    } else fail('register', response.status);
  };
  if (spec.perSecond) {
    const interval = 1000 / spec.perSecond;
    const running: Promise<void>[] = [];
    for (let n = 0; n < spec.count; n += 1) {
      const due = t0 + n * interval;
      if (due > performance.now()) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
      running.push(register(n));
    }
    await Promise.all(running);
  } else {
    let started = 0;
    const applicant = async () => {
      while (started < spec.count) await register(started++);
    };
    await Promise.all(Array.from({ length: spec.concurrency }, applicant));
  }
  return { registered: codes.length, seconds: (performance.now() - t0) / 1000, codes, failures, answeredAt };
}

const spec = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadSpec;
const result = spec.kind === 'registrations' ? await registrations(spec) : await lookups(spec);
process.stdout.write(`${JSON.stringify(result)}\n`);
