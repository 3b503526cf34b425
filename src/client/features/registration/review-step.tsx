import { ExternalLink, Pencil, Send } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DOCUMENT_SLOT_INFO, REGISTRATION_STEP_SLOTS, type DocumentSlot } from '../../../domain/document-slots';
import { formatMegabytes, formatRupiah } from '../../../domain/format';
import { FIX_FIELD_LABELS, isFixField, type FixField } from '../../../domain/perbaikan-texts';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/input';
import { DocumentThumbnail } from '../../components/uploads/upload-field';
import { DetailItem } from './detail-item';
import { BANK_STEP, type RegistrationWizard } from './use-registration-wizard';
import { WizardNav } from './wizard-nav';
import { STEPS } from './wizard-steps';

const text = (value: unknown): string => (typeof value === 'string' && value.trim() !== '' ? value : '-');

/** Step 5, Konfirmasi: everything entered, read-only, then the consent and Submit Pendaftaran. */
export function ReviewStep({ wizard }: { wizard: RegistrationWizard }) {
  const { values, uploads, submitting, goTo: onEdit } = wizard;
  const [consent, setConsent] = useState(false);
  const consentId = useId();
  const { store, owner, bank } = values;
  const turnover = typeof store.omset_per_bulan === 'number' ? formatRupiah(store.omset_per_bulan) : '-';
  const slots: DocumentSlot[] = [...REGISTRATION_STEP_SLOTS.store, ...REGISTRATION_STEP_SLOTS.documents];
  return (
    <form
      noValidate
      aria-label="Konfirmasi"
      onSubmit={(event) => {
        event.preventDefault();
        if (consent && !submitting) wizard.submit();
      }}
    >
      <div className="space-y-5">
        <ReviewSection title="Data Toko" onEdit={() => onEdit(0)}>
          <StepRows step={0} values={store} shown={{ omset_per_bulan: turnover }} />
        </ReviewSection>
        <ReviewSection title="Data Pemilik" onEdit={() => onEdit(1)}>
          <StepRows step={1} values={owner} />
        </ReviewSection>
        <ReviewSection title="Dokumen" onEdit={() => onEdit(2)}>
          <ul className="grid gap-3 sm:grid-cols-2">
            {slots.map((slot) => {
              const document = uploads.documents[slot];
              const { label } = DOCUMENT_SLOT_INFO[slot];
              return (
                <li key={slot} className="flex items-center gap-3 rounded-lg border border-slate-200 p-2">
                  {document ? (
                    <DocumentThumbnail document={document} label={label} className="size-12" />
                  ) : (
                    <span className="size-12 shrink-0 rounded-md bg-slate-100" aria-hidden />
                  )}
                  <span className="min-w-0 text-sm">
                    <span className="block font-medium text-slate-900">{label}</span>
                    <span className="block truncate text-slate-500">
                      {document ? `${document.name} (${formatMegabytes(document.size)})` : 'Tidak diunggah'}
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
        </ReviewSection>
        <ReviewSection title="Rekening Bank" onEdit={() => onEdit(3)}>
          <StepRows step={3} values={bank} />
        </ReviewSection>
      </div>

      <div className="mt-6 rounded-xl border border-brand-200 bg-brand-50 p-4">
        <div className="flex items-start gap-3">
          <Checkbox
            id={consentId}
            name="consent"
            checked={consent}
            onChange={(event) => setConsent(event.target.checked)}
            aria-describedby={`${consentId}-detail`}
            className="mt-1"
          />
          <label htmlFor={consentId} className="text-sm font-medium text-slate-900">
            Saya menyetujui pemrosesan data pribadi saya oleh AIPOS untuk pendaftaran merchant ini.
          </label>
        </div>
        <div id={`${consentId}-detail`} className="mt-2 space-y-2 pl-7 text-sm text-slate-700">
          <p>
            Yang dikumpulkan: data toko, identitas pemilik (nama, NIK, nomor HP, email, alamat), foto KTP, selfie dengan KTP, Kartu
            Keluarga, foto usaha dan produk, NPWP dan SIUP/NIB bila diunggah, serta data rekening bank.
          </p>
          <p>
            Untuk apa: memverifikasi identitas dan usaha Anda, mencegah penipuan, menghubungi Anda, dan mengaktifkan layanan pembayaran
            AIPOS.
          </p>
          <p>
            Berapa lama: selama Anda menjadi merchant AIPOS dan 5 tahun setelahnya sesuai kewajiban penyimpanan di sektor keuangan; jika
            pendaftaran ditolak atau dibatalkan, data dihapus paling lambat 1 tahun kemudian.
          </p>
        </div>
        <p className="mt-2 pl-7 text-sm">
          <Link
            to="/privacy"
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-brand-700 underline hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            Baca Kebijakan Privasi <ExternalLink aria-hidden className="size-3.5" />
            <span className="sr-only">(membuka tab baru)</span>
          </Link>
        </p>
      </div>

      <WizardNav
        onBack={() => wizard.goTo(BANK_STEP)}
        submit={{
          sending: submitting,
          button: (
            <Button type="submit" disabled={!consent || submitting}>
              <Send aria-hidden /> {submitting ? 'Memproses...' : 'Submit Pendaftaran'}
            </Button>
          ),
        }}
      />
    </form>
  );
}

function ReviewSection({ title, onEdit, children }: { title: string; onEdit: () => void; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 p-4" aria-label={title}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Ubah ${title}`}>
          <Pencil aria-hidden /> Ubah
        </Button>
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** The values typed in a step, each under the label its field has in the wizard. */
function StepRows({ step, values, shown = {} }: { step: number; values: object; shown?: Partial<Record<FixField, string>> }) {
  const typed = values as Partial<Record<FixField, unknown>>;
  const fields = (STEPS[step]!.fields as readonly string[]).filter(isFixField);
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
      {fields.map((field) => (
        <DetailItem key={field} label={FIX_FIELD_LABELS[field]} compact>
          {shown[field] ?? text(typed[field])}
        </DetailItem>
      ))}
    </dl>
  );
}
