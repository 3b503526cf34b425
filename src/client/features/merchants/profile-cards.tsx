import type { ReactNode } from 'react';
import { formatRupiah } from '../../../domain/format';
import type { MerchantDetail } from '../../../domain/merchants';
import {
  KOTA_QRIS_MAX,
  KRITERIA_USAHA_LABELS,
  KRITERIA_USAHA_SOURCE,
  MCC_CODES,
  NAMA_QRIS_MAX,
  type KriteriaUsaha,
} from '../../../domain/qris';
import { BANKS, BUSINESS_CATEGORIES, MERCHANT_STATUSES, PREMISES, STATUS_LABELS } from '../../../domain/vocabularies';
import { ReadOnlyValue, SelectField, TextareaField, TextField } from '../../components/form-fields';
import { Card } from '../../components/ui/card';
import { ProfileRejectionReasons } from './profile-rejection-reasons';
import { RevealableField, type RevealState } from './revealable-field';

const MCC_OPTIONS = Object.entries(MCC_CODES).map(([code, description]) => ({ value: code, label: `${code} — ${description}` }));

const STATUS_OPTIONS = MERCHANT_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));

/** Whether the cards' controls can be changed; required markers show only while they can. */
type CardProps = { editing: boolean };

export function ProfileCard({ title, children }: { title: string; children: ReactNode }) {
  const id = `kartu-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card className="p-6" role="group" aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </Card>
  );
}

function Wide({ children }: { children: ReactNode }) {
  return <div className="sm:col-span-2">{children}</div>;
}

export function StoreInfoCard({ editing, turnover, status }: CardProps & { turnover: number; status: MerchantDetail['status'] }) {
  const ro = !editing;
  return (
    <ProfileCard title="Informasi Toko">
      <TextField name="nama_toko" label="Nama Toko" required={editing} readOnly={ro} maxLength={200} />
      <TextField
        name="kategori_usaha"
        label="Kategori Usaha"
        required={editing}
        readOnly={ro}
        maxLength={100}
        suggestions={BUSINESS_CATEGORIES}
      />
      {/* docs/spec.md §5: turnover is read-only in the detail screen. */}
      <ReadOnlyValue label="Omset per Bulan" value={formatRupiah(turnover)} />
      <SelectField name="status" label="Status" required={editing} readOnly={ro} options={STATUS_OPTIONS} />
      {editing && (
        <Wide>
          <ProfileRejectionReasons merchant={{ status }} />
        </Wide>
      )}
      <Wide>
        <TextareaField
          name="catatan_admin"
          label="Catatan Admin"
          readOnly={ro}
          maxLength={1000}
          hint="Ditampilkan kepada merchant di halaman Cek Status."
        />
      </Wide>
    </ProfileCard>
  );
}

export function StoreAddressCard({ editing }: CardProps) {
  const ro = !editing;
  return (
    <ProfileCard title="Alamat Toko">
      <Wide>
        <TextareaField name="alamat_jalan" label="Alamat Lengkap" required={editing} readOnly={ro} maxLength={500} />
      </Wide>
      <TextField name="kecamatan" label="Kecamatan" required={editing} readOnly={ro} maxLength={100} />
      <TextField name="kota_kab" label="Kota/Kabupaten" required={editing} readOnly={ro} maxLength={100} />
      <TextField name="provinsi" label="Provinsi" required={editing} readOnly={ro} maxLength={100} />
      <TextField name="kode_pos" label="Kode Pos" required={editing} readOnly={ro} inputMode="numeric" maxLength={6} />
      <SelectField name="tempat_usaha" label="Status Tempat Usaha" readOnly={ro} options={PREMISES} placeholder="Tidak diisi" />
    </ProfileCard>
  );
}

export function OwnerInfoCard({ editing, reveal }: CardProps & { reveal: RevealState }) {
  const ro = !editing;
  return (
    <ProfileCard title="Informasi Pemilik">
      <TextField name="nama_pemilik" label="Nama Pemilik" required={editing} readOnly={ro} maxLength={200} />
      <RevealableField name="nik" label="NIK" editing={editing} maxLength={20} reveal={reveal} />
      <TextField name="no_hp" label="Nomor HP" type="tel" required={editing} readOnly={ro} maxLength={20} />
      <TextField name="email" label="Email" type="email" required={editing} readOnly={ro} maxLength={254} />
      <Wide>
        <TextareaField name="alamat_pemilik" label="Alamat Pemilik" required={editing} readOnly={ro} maxLength={500} />
      </Wide>
    </ProfileCard>
  );
}

export function BankInfoCard({ editing, reveal }: CardProps & { reveal: RevealState }) {
  const ro = !editing;
  return (
    <ProfileCard title="Informasi Bank">
      <SelectField name="nama_bank" label="Nama Bank" required={editing} readOnly={ro} options={BANKS} placeholder="Pilih bank" />
      <RevealableField name="no_rekening" label="Nomor Rekening" editing={editing} maxLength={30} reveal={reveal} />
      <TextField name="nama_rekening" label="Nama Pemilik Rekening" required={editing} readOnly={ro} maxLength={200} />
    </ProfileCard>
  );
}

/** 'Data QRIS': what the acquirer gets in the QRIS export; each value derived until an admin sets it. */
export function QrisDataCard({ editing, kriteria, mccMissing }: CardProps & { kriteria: KriteriaUsaha; mccMissing: boolean }) {
  const ro = !editing;
  return (
    <ProfileCard title="Data QRIS">
      <Wide>
        <ReadOnlyValue
          label="Kriteria Usaha"
          value={`${kriteria} — ${KRITERIA_USAHA_LABELS[kriteria]}`}
          hint={`Dasar: ${KRITERIA_USAHA_SOURCE}`}
        />
      </Wide>
      <Wide>
        <SelectField
          name="mcc"
          label="MCC (ISO 18245)"
          readOnly={ro}
          options={MCC_OPTIONS}
          placeholder="Pilih MCC"
          hint={
            mccMissing ? 'Kategori ini tidak memiliki MCC bawaan: pilih sebelum ekspor QRIS.' : 'Bawaan dari kategori usaha, dapat diubah.'
          }
        />
      </Wide>
      <QrisTextField name="nama_qris" label="Nama QRIS" max={NAMA_QRIS_MAX} readOnly={ro} />
      <QrisTextField name="kota_qris" label="Kota QRIS" max={KOTA_QRIS_MAX} readOnly={ro} />
    </ProfileCard>
  );
}

/** A name the QRIS carries: letters, digits and spaces, up to the acquirer's length. */
function QrisTextField({ name, label, max, readOnly }: { name: string; label: string; max: number; readOnly: boolean }) {
  return <TextField name={name} label={label} readOnly={readOnly} maxLength={max} hint={`Maksimal ${max} huruf, angka, dan spasi.`} />;
}
