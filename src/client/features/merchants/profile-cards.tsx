import type { ReactNode } from 'react';
import { formatRupiah } from '../../../domain/format';
import { BANKS, BUSINESS_CATEGORIES, MERCHANT_STATUSES, PREMISES, STATUS_LABELS } from '../../../domain/vocabularies';
import { Card } from '../../components/ui/card';
import { ReadOnlyValue, SelectField, TextareaField, TextField } from '../../components/form-fields';
import { RevealableField, type RevealState } from './revealable-field';

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

export function StoreInfoCard({ editing, turnover }: CardProps & { turnover: number }) {
  const ro = !editing;
  return (
    <ProfileCard title="Informasi Toko">
      <TextField name="nama_toko" label="Nama Toko" required={editing} readOnly={ro} maxLength={200} />
      <TextField name="kategori_usaha" label="Kategori Usaha" required={editing} readOnly={ro} maxLength={100} suggestions={BUSINESS_CATEGORIES} />
      {/* SPEC §5: turnover is read-only in the detail screen. */}
      <ReadOnlyValue label="Omset per Bulan" value={formatRupiah(turnover)} />
      <SelectField name="status" label="Status" required={editing} readOnly={ro} options={STATUS_OPTIONS} />
      <Wide>
        <TextareaField name="catatan_admin" label="Catatan Admin" readOnly={ro} maxLength={1000} hint="Ditampilkan kepada merchant di halaman Cek Status." />
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
