import { BANKS, BUSINESS_CATEGORIES, PREMISES } from '../../../domain/vocabularies';
import { SelectField, TextareaField, TextField } from '../../components/form-fields';
import { ProfileCard } from './profile-cards';

/** docs/spec.md §2 New merchant: four sections, every field required (docs/spec.md §5: by the browser too). */
export function CreateStoreSection() {
  return (
    <ProfileCard title="Informasi Toko">
      <TextField name="nama_toko" label="Nama Toko" required maxLength={200} autoComplete="organization" />
      <SelectField name="kategori_usaha" label="Kategori Usaha" required options={BUSINESS_CATEGORIES} placeholder="Pilih kategori usaha" />
      <TextField
        name="omset_per_bulan"
        label="Omset per Bulan (Rp)"
        type="number"
        inputMode="numeric"
        required
        hint="Angka bulat tanpa titik, contoh 15000000"
        // docs/spec.md §5: turnover is numeric, parsed as an integer; an empty box stays empty for the schema to refuse.
        options={{ setValueAs: (value: unknown) => (value === '' || value === null ? undefined : Number.parseInt(String(value), 10)) }}
      />
      <SelectField name="tempat_usaha" label="Status Tempat Usaha" required options={PREMISES} />
    </ProfileCard>
  );
}

export function CreateAddressSection() {
  return (
    <ProfileCard title="Alamat Toko">
      <div className="sm:col-span-2">
        <TextareaField
          name="alamat_jalan"
          label="Alamat Lengkap"
          required
          maxLength={500}
          hint="Nama jalan, nomor, RT/RW, kelurahan (minimal 10 karakter)"
        />
      </div>
      <TextField name="kecamatan" label="Kecamatan" required maxLength={100} />
      <TextField name="kota_kab" label="Kota/Kabupaten" required maxLength={100} />
      <TextField name="provinsi" label="Provinsi" required maxLength={100} />
      <TextField name="kode_pos" label="Kode Pos" required inputMode="numeric" maxLength={6} autoComplete="off" />
    </ProfileCard>
  );
}

export function CreateOwnerSection() {
  return (
    <ProfileCard title="Informasi Pemilik">
      <TextField name="nama_pemilik" label="Nama Pemilik" required maxLength={200} autoComplete="off" />
      <TextField name="nik" label="NIK" required inputMode="numeric" maxLength={20} hint="16 digit sesuai KTP" autoComplete="off" />
      <TextField name="no_hp" label="Nomor HP" type="tel" required maxLength={20} autoComplete="off" />
      <TextField name="email" label="Email" type="email" required maxLength={254} autoComplete="off" />
      <div className="sm:col-span-2">
        <TextareaField name="alamat_pemilik" label="Alamat Pemilik" required maxLength={500} />
      </div>
    </ProfileCard>
  );
}

export function CreateBankSection() {
  return (
    <ProfileCard title="Informasi Bank">
      <SelectField name="nama_bank" label="Nama Bank" required options={BANKS} placeholder="Pilih bank" />
      <TextField name="no_rekening" label="Nomor Rekening" required inputMode="numeric" maxLength={30} autoComplete="off" />
      <TextField name="nama_rekening" label="Nama Pemilik Rekening" required maxLength={200} autoComplete="off" />
    </ProfileCard>
  );
}
