// The tables `npm run bench` prints: one column per build (this tree, and the baseline when given).
import type { AlternatedFigures } from './alternated.js';
import type { EngineFigures, LookupFigures } from './engine-run.js';
import type { ImageFloor } from './image-floor.js';

export type BuildFigures = { label: string; engines: EngineFigures[] };

const f0 = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en') : '-');
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '-');

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function lookupCell(figures: LookupFigures | undefined): string {
  if (!figures) return '-';
  const ratios = figures.runs.map((r) => r.ratio);
  return `**${f2(median(ratios))}** (${f2(Math.min(...ratios))}-${f2(Math.max(...ratios))}; runs ${ratios.map(f2).join(', ')})`;
}

function runsCell(figures: LookupFigures | undefined): string {
  if (!figures) return '-';
  return figures.runs
    .map(
      (r) =>
        `${f0(r.ours.reqPerSec)}/${f0(r.bare.reqPerSec)}${r.ours.non2xx + r.bare.non2xx + r.ours.errors + r.bare.errors > 0 ? ` [non-2xx ${r.ours.non2xx}/${r.bare.non2xx}, errors ${r.ours.errors}/${r.bare.errors}]` : ''}`,
    )
    .join('; ');
}

export function report(builds: BuildFigures[], floors: ImageFloor[] = []): string {
  const lines: string[] = [];
  const header = `| figure | ${builds.map((b) => b.label).join(' | ')} |`;
  const rule = `|---|${builds.map(() => '---').join('|')}|`;
  const engines = [...new Set(builds.flatMap((b) => b.engines.map((e) => e.engine)))];
  for (const engine of engines) {
    const of = (b: BuildFigures) => b.engines.find((e) => e.engine === engine);
    lines.push('', `### ${engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}`, '', header, rule);
    const photoSets = [...new Set(builds.flatMap((b) => of(b)?.registrations.map((r) => r.photos) ?? []))];
    for (const photos of photoSets) {
      const reg = (b: BuildFigures) => of(b)?.registrations.find((r) => r.photos === photos);
      lines.push(
        `| server CPU ms per registration, five ${photos} photos | ${builds.map((b) => f0(reg(b)?.cpuMsPerRegistration ?? Number.NaN)).join(' | ')} |`,
        `| of which the JavaScript thread | ${builds.map((b) => f0(reg(b)?.mainCpuMsPerRegistration ?? Number.NaN)).join(' | ')} |`,
      );
      const floor = floors.find((f) => f.photos === photos);
      if (floor)
        lines.push(
          `| the same over the image floor: server / re-encode alone (${f0(floor.reencodeMs)} ms); server - this tree's upload image work (${f0(floor.uploadMs)} ms) | ${builds
            .map((b) => {
              const cpu = reg(b)?.cpuMsPerRegistration ?? Number.NaN;
              return `${f2(cpu / floor.reencodeMs)}; ${f0(cpu - floor.uploadMs)} ms`;
            })
            .join(' | ')} |`,
        );
      lines.push(
        `| registrations/s, five ${photos} photos (completed; failures) | ${builds
          .map((b) => {
            const r = reg(b);
            const failed = Object.entries(r?.failures ?? {})
              .map(([what, n]) => `${what}: ${n}`)
              .join(', ');
            return r ? `${f1(r.perSecond)} (${r.registered}${failed ? `; ${failed}` : ''})` : '-';
          })
          .join(' | ')} |`,
      );
    }
    const configs = [...new Set(builds.flatMap((b) => of(b)?.lookups.map((l) => l.config) ?? []))];
    for (const config of configs) {
      const look = (b: BuildFigures) => of(b)?.lookups.find((l) => l.config === config);
      lines.push(`| lookup ours / bare, ${config}: median (spread; each run) | ${builds.map((b) => lookupCell(look(b))).join(' | ')} |`);
      lines.push(`| lookup req/s ours/bare per run, ${config} | ${builds.map((b) => runsCell(look(b))).join(' | ')} |`);
      lines.push(
        `| lookup p99 ms ours (bare), median run, ${config} | ${builds
          .map((b) => {
            const l = look(b);
            return l ? `${f1(median(l.runs.map((r) => r.ours.p99)))} (${f1(median(l.runs.map((r) => r.bare.p99)))})` : '-';
          })
          .join(' | ')} |`,
      );
      lines.push(
        `| server CPU µs per lookup ours (bare), median run, ${config} | ${builds
          .map((b) => {
            const l = look(b);
            return l
              ? `${f0(median(l.runs.map((r) => r.ours.cpuUsPerRequest)))} (${f0(median(l.runs.map((r) => r.bare.cpuUsPerRequest)))})`
              : '-';
          })
          .join(' | ')} |`,
      );
    }
    const phases = [...new Set(builds.flatMap((b) => of(b)?.rssMb.map(([phase]) => phase) ?? []))];
    for (const phase of phases)
      lines.push(
        `| peak RSS MB, ${phase} | ${builds.map((b) => f0(of(b)?.rssMb.find(([p]) => p === phase)?.[1] ?? Number.NaN)).join(' | ')} |`,
      );
  }
  return lines.join('\n');
}

/** The alternated registrations: per engine and photo set, each build's CPU per registration over all its chunks. */
export function alternatedReport(figures: AlternatedFigures[]): string {
  if (figures.length === 0) return '';
  const labels = figures[0]!.builds.map((b) => b.label);
  const lines = [
    '',
    '### CPU per registration, builds alternated in chunks',
    '',
    `| engine, photos | ${labels.join(' | ')} |`,
    `|---|${labels.map(() => '---').join('|')}|`,
  ];
  for (const f of figures) {
    const cells = f.builds.map(
      (b) => `**${f0(b.cpuMsPerRegistration)}** (chunks ${b.chunks.map(f0).join(', ')}${b.failures > 0 ? `; ${b.failures} failed` : ''})`,
    );
    lines.push(
      `| ${f.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}, five ${f.photos} photos, ${f.rounds} rounds of ${f.chunk} | ${cells.join(' | ')} |`,
    );
  }
  return lines.join('\n');
}
