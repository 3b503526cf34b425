// The bench's side of the load generator: writes a spec, runs load-process.ts in a process of its own
// (node --import tsx), and reads its JSON answer.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const LOAD_PROCESS = fileURLToPath(new URL('./load-process.ts', import.meta.url));

export type LoadSpec =
  /** clients > 1: each request from the next of that many addresses (X-Forwarded-For, the server trusting one proxy). */
  | { kind: 'lookup'; url: string; path: string; codes: string[]; clients: number; connections: number; seconds: number }
  | { kind: 'health'; url: string; connections: number; seconds: number }
  | {
      kind: 'registrations';
      url: string;
      uploadPath: string;
      submitPath: string;
      photos: string[];
      count: number;
      concurrency: number;
      /** Registration i sends photoSets[i] (one file per required slot) instead of `photos`. */
      photoSets?: string[][];
      /** Arrivals at this rate, each applicant on its own (open loop), instead of `concurrency` applicants back to back. */
      perSecond?: number;
    };

export type LookupResult = {
  requests: number;
  ok: number;
  non2xx: number;
  errors: number;
  seconds: number;
  reqPerSec: number;
  p50: number;
  p99: number;
};
export type RegistrationResult = {
  registered: number;
  seconds: number;
  codes: string[];
  failures: Record<string, number>;
  /** Seconds from the first arrival to each registration's 201, in the order of `codes`. */
  answeredAt: number[];
};

let sequence = 0;

export function runLoadProcess<T extends LookupResult | RegistrationResult>(spec: LoadSpec, workDir: string): Promise<T> {
  const file = path.join(workDir, `load-${process.pid}-${(sequence += 1)}.json`);
  writeFileSync(file, JSON.stringify(spec));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', LOAD_PROCESS, file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`load generator exited with ${code}: ${err.slice(-2000)}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1)!) as T);
      } catch (error) {
        reject(new Error(`load generator: unreadable answer ${out.slice(-500)} (${String(error)})`));
      }
    });
  });
}
