import { Eye } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ACCOUNT_NAME_MESSAGES, accountNameMatches } from '../../../domain/account-name';
import { DOCUMENT_SLOT_INFO, type DocumentSlot } from '../../../domain/document-slots';
import { formatRupiah } from '../../../domain/format';
import type { MerchantDetail, RevealRequest } from '../../../domain/merchants';
import type { NikPersonal } from '../../../domain/nik-structure';
import { KRITERIA_USAHA_LABELS, KRITERIA_USAHA_SOURCE } from '../../../domain/qris';
import { RegionCard } from '../../components/region-card';
import { Button } from '../../components/ui/button';
import { WarningNote } from '../../components/warning-note';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { NikCheckInfo, REVEAL_MESSAGES, revealMerchantField, useDocumentBlob } from '../merchants/public';
import { BlobImage } from './document-viewer';

type Field = keyof MerchantDetail & string;

/** What each document proves: the data to hold it against. */
const PROVES: Record<DocumentSlot, [Field, string][]> = {
  foto_ktp: [
    ['nik', 'NIK'],
    ['nama_pemilik', 'Nama Pemilik'],
    ['alamat_pemilik', 'Alamat Pemilik'],
  ],
  foto_selfie_ktp: [['nama_pemilik', 'Nama Pemilik']],
  foto_kk: [
    ['nik', 'NIK'],
    ['nama_pemilik', 'Nama Pemilik'],
    ['alamat_pemilik', 'Alamat Pemilik'],
  ],
  foto_usaha: [
    ['nama_toko', 'Nama Toko'],
    ['kategori_usaha', 'Kategori Usaha'],
    ['alamat_jalan', 'Alamat Toko'],
    ['kota_kab', 'Kota/Kabupaten'],
    ['provinsi', 'Provinsi'],
  ],
  foto_produk: [
    ['nama_toko', 'Nama Toko'],
    ['kategori_usaha', 'Kategori Usaha'],
  ],
  npwp_file: [
    ['nama_pemilik', 'Nama Pemilik'],
    ['nama_toko', 'Nama Toko'],
  ],
  siup_nib_file: [
    ['nama_toko', 'Nama Toko'],
    ['kategori_usaha', 'Kategori Usaha'],
    ['alamat_jalan', 'Alamat Toko'],
  ],
};

/** The account, held against the owner's name. */
const BANK_ROWS: [Field, string][] = [
  ['nama_bank', 'Nama Bank'],
  ['no_rekening', 'Nomor Rekening'],
  ['nama_rekening', 'Nama Pemilik Rekening'],
  ['nama_pemilik', 'Nama Pemilik'],
];

type Revealed = Partial<Record<RevealRequest['field'], string>>;

/**
 * NIK and account number arrive masked; 'Tampilkan' asks the server, which records the look (pii_reveal).
 * The NIK's answer also brings the birth date and sex its digits say: no other answer carries them.
 */
function useReveal(merchantId: string) {
  const [revealed, setRevealed] = useState<Revealed>({});
  const [nikPersonal, setNikPersonal] = useState<NikPersonal | null>(null);
  const reveal = async (field: RevealRequest['field']) => {
    try {
      const answer = await revealMerchantField(merchantId, field);
      setRevealed((current) => ({ ...current, [field]: answer.value }));
      if (answer.nik_personal) setNikPersonal(answer.nik_personal);
    } catch {
      toast.error(REVEAL_MESSAGES.failed);
    }
  };
  return { revealed, nikPersonal, reveal };
}

type RevealProps = { revealed: Revealed; onReveal: (field: RevealRequest['field']) => void };

function Value({ merchant, field, label, revealed, onReveal }: { merchant: MerchantDetail; field: Field; label: string } & RevealProps) {
  const secret = field === 'nik' || field === 'no_rekening';
  const shown = secret ? (revealed[field] ?? String(merchant[field])) : String(merchant[field] ?? '');
  return (
    <DataRow label={label} className="flex items-center gap-2 text-right">
      <span className={secret ? 'font-mono' : undefined} data-field={field}>
        {shown}
      </span>
      {secret && revealed[field] === undefined && (
        <Button variant="outline" size="sm" onClick={() => onReveal(field)} aria-label={`${REVEAL_MESSAGES.button} ${label}`}>
          <Eye aria-hidden /> {REVEAL_MESSAGES.button}
        </Button>
      )}
    </DataRow>
  );
}

/** One value of a card's list, its label on the left. */
function DataRow({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-1.5">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className={cn('font-medium', className)}>{children}</dd>
    </div>
  );
}

/** The review's right side: the data the open document proves, the decoded NIK, and the bank account. */
export function ReviewData({ merchant, slot }: { merchant: MerchantDetail; slot: DocumentSlot }) {
  const { revealed, nikPersonal, reveal } = useReveal(merchant.id);
  const label = DOCUMENT_SLOT_INFO[slot].label;
  const onReveal = (field: RevealRequest['field']) => void reveal(field);
  const showsNik = PROVES[slot].some(([field]) => field === 'nik');
  return (
    <div className="space-y-4">
      <RegionCard id="data-dokumen" title={`Data yang dibuktikan ${label}`}>
        <dl className="mt-2 divide-y divide-slate-100">
          {PROVES[slot].map(([field, text]) => (
            <Value key={field} merchant={merchant} field={field} label={text} revealed={revealed} onReveal={onReveal} />
          ))}
        </dl>
        {showsNik && (
          <div className="mt-3 border-t border-slate-100 pt-3">
            <NikCheckInfo check={merchant.nik_check} personal={nikPersonal} />
          </div>
        )}
        {/* The selfie is held against the KTP: its photo again, beside the data. */}
        {slot === 'foto_selfie_ktp' && merchant.documents.foto_ktp && <KtpForComparison merchant={merchant} />}
      </RegionCard>
      <BankCard merchant={merchant} revealed={revealed} onReveal={onReveal} />
      <BusinessSizeCard merchant={merchant} />
    </div>
  );
}

/** Kriteria usaha: the class the acquirer gets, from the turnover the applicant declared. */
function BusinessSizeCard({ merchant }: { merchant: MerchantDetail }) {
  const kriteria = merchant.kriteria_usaha;
  return (
    <RegionCard id="data-kriteria-usaha" title="Kriteria Usaha">
      <dl className="mt-2 divide-y divide-slate-100">
        <DataRow label="Omset per Bulan">{formatRupiah(merchant.omset_per_bulan)}</DataRow>
        <DataRow label="Kriteria">
          <span data-field="kriteria_usaha">
            {kriteria} — {KRITERIA_USAHA_LABELS[kriteria]}
          </span>
        </DataRow>
      </dl>
      <p className="mt-2 text-xs text-slate-500">Dasar: {KRITERIA_USAHA_SOURCE}</p>
    </RegionCard>
  );
}

function KtpForComparison({ merchant }: { merchant: MerchantDetail }) {
  const blob = useDocumentBlob(merchant.id, 'foto_ktp', merchant.updated_at, true);
  return (
    <figure className="mt-3 border-t border-slate-100 pt-3">
      <figcaption className="mb-2 text-sm text-slate-500">Foto KTP untuk perbandingan</figcaption>
      {blob.data ? (
        <BlobImage blob={blob.data} alt="KTP untuk perbandingan" className="max-h-56 rounded-lg object-contain" />
      ) : (
        <div className="h-32 rounded-lg bg-slate-100" />
      )}
    </figure>
  );
}

function BankCard({ merchant, revealed, onReveal }: { merchant: MerchantDetail } & RevealProps) {
  const matches = accountNameMatches(merchant.nama_pemilik, merchant.nama_rekening);
  return (
    <RegionCard id="data-rekening" title="Rekening Bank">
      <dl className="mt-2 divide-y divide-slate-100">
        {BANK_ROWS.map(([field, label]) => (
          <Value key={field} merchant={merchant} field={field} label={label} revealed={revealed} onReveal={onReveal} />
        ))}
      </dl>
      {!matches && <WarningNote text={ACCOUNT_NAME_MESSAGES.mismatch} className="mt-2" />}
    </RegionCard>
  );
}
