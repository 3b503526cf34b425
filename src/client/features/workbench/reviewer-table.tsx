import type { AdminStats } from '../../../domain/workbench';
import { Card } from '../../components/ui/card';

/** Minutes as the table reads them: '45 menit', '2,5 jam'; a reviewer with no claimed decision is a dash. */
function minutes(value: number | null): string {
  if (value === null) return '–';
  if (value < 60) return `${value.toLocaleString('id-ID', { maximumFractionDigits: 1 })} menit`;
  return `${(value / 60).toLocaleString('id-ID', { maximumFractionDigits: 1 })} jam`;
}

const days = (n: number) => `${n.toLocaleString('id-ID')} hari kerja`;

/** The wait of the open cases, the applicant's apart from ours, and the reviewers' last 30 days. */
export function WaitingAndReviewers({ stats }: { stats: AdminStats }) {
  const { pendaftar, kami } = stats.menunggu;
  return (
    <>
      <section aria-labelledby="waktu-tunggu" className="grid gap-4 sm:grid-cols-2">
        <h2 id="waktu-tunggu" className="text-lg font-semibold sm:col-span-2">
          Waktu tunggu kasus terbuka
        </h2>
        <Card className="p-4">
          <p className="text-sm text-slate-600">Menunggu kami</p>
          <p className="mt-1 text-2xl font-bold tabular-nums">{days(kami.hari_kerja)}</p>
          <p className="text-xs text-slate-600">{kami.merchant.toLocaleString('id-ID')} merchant Sedang Diproses</p>
        </Card>
        <Card className="p-4">
          <p className="text-sm text-slate-600">Menunggu pendaftar</p>
          <p className="mt-1 text-2xl font-bold tabular-nums">{days(pendaftar.hari_kerja)}</p>
          <p className="text-xs text-slate-600">
            {pendaftar.merchant.toLocaleString('id-ID')} merchant Data Tidak Lengkap (jam SLA berhenti)
          </p>
        </Card>
      </section>
      <Card className="overflow-x-auto p-6">
        <h2 id="per-peninjau" className="mb-4 text-lg font-semibold">
          Per peninjau (30 hari terakhir)
        </h2>
        {stats.per_reviewer.length === 0 ? (
          <p className="text-sm text-slate-600">Belum ada keputusan dalam 30 hari terakhir.</p>
        ) : (
          <table className="w-full text-left text-sm" aria-labelledby="per-peninjau">
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-2 pr-4 font-medium">
                  Peninjau
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  Keputusan
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  Median klaim → keputusan
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Permintaan perbaikan
                </th>
              </tr>
            </thead>
            <tbody>
              {stats.per_reviewer.map((row) => (
                <tr key={row.admin_id} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="py-2 pr-4 font-normal">
                    {row.email ?? 'Admin dihapus'}
                  </th>
                  <td className="py-2 pr-4 text-right tabular-nums">{row.keputusan.toLocaleString('id-ID')}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{minutes(row.median_klaim_menit)}</td>
                  <td className="py-2 text-right tabular-nums">{row.permintaan_perbaikan.toLocaleString('id-ID')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </>
  );
}
