import { useQuery } from '@tanstack/react-query';
import { DOCUMENT_SLOT_INFO, type DocumentSlot } from '../../../domain/document-slots';
import type { MachineCheck } from '../../../domain/machine-checks';
import { PanelAnswer, RegionCard } from '../../components/region-card';
import { retryServerErrors } from '../../lib/api-errors';
import { CheckChip } from './check-chip';
import { checkKeys, fetchChecks } from './checks-api';

/** The typed fields each field check is about, named as the review screen names them. */
const FIELD_OF: Partial<Record<MachineCheck['kind'], string>> = {
  nama_rekening: 'Nama Pemilik Rekening',
  struktur_nik: 'NIK',
  provinsi_nik: 'Provinsi',
};

/**
 * 'Pemeriksaan Otomatis': the machine checks of the open document beside it, and those of the typed
 * fields. Signals for the reviewer, never a decision; refreshed live when a job finishes.
 */
export function MachineChecksPanel({ merchantId, slot }: { merchantId: string; slot: DocumentSlot }) {
  const checks = useQuery({
    queryKey: checkKeys(merchantId),
    queryFn: ({ signal }) => fetchChecks(merchantId, signal),
    retry: retryServerErrors,
  });
  return (
    <RegionCard id="pemeriksaan-otomatis" title="Pemeriksaan Otomatis">
      <PanelAnswer query={checks} failedText="Hasil pemeriksaan otomatis tidak dapat dimuat.">
        {(all) => <ChecksList checks={all} slot={slot} />}
      </PanelAnswer>
      <p className="mt-3 text-xs text-slate-500">Hasil pemeriksaan otomatis hanya bahan pertimbangan, bukan keputusan.</p>
    </RegionCard>
  );
}

function ChecksList({ checks, slot }: { checks: readonly MachineCheck[]; slot: DocumentSlot }) {
  const ofDocument = checks.filter((check) => check.slot === slot);
  const ofFields = checks.filter((check) => check.slot === undefined);
  return (
    <dl className="mt-2 space-y-2 text-sm">
      <div>
        <dt className="text-slate-500">{DOCUMENT_SLOT_INFO[slot].label}</dt>
        <dd className="mt-1 flex flex-wrap gap-2">
          {ofDocument.length > 0 ? (
            ofDocument.map((check) => <CheckChip key={check.kind} check={check} />)
          ) : (
            <span className="text-slate-500">Tidak ada pemeriksaan untuk dokumen ini.</span>
          )}
        </dd>
      </div>
      {ofFields.map((check) => (
        <div key={check.kind}>
          <dt className="text-slate-500">{FIELD_OF[check.kind]}</dt>
          <dd className="mt-1">
            <CheckChip check={check} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
