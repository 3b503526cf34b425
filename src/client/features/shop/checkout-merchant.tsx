import { CheckCircle2, Pencil, Search, UserRound } from 'lucide-react';
import type { FormEvent } from 'react';
import type { MerchantCheckResponse } from '../../../domain/orders';
import { LinkButton } from '../../components/link-button';
import { Button } from '../../components/ui/button';
import { CodeField, FormAlert, RegisteredPhoneField } from './lookup-fields';

export type MerchantStepProps = {
  kode: string;
  phone: string;
  onKodeChange: (kode: string) => void;
  onPhoneChange: (phone: string) => void;
  /** The registration once checked: the fields lock until 'Ganti'. */
  result: MerchantCheckResponse | null;
  checking: boolean;
  error: string | null;
  /** This browser registered the code and holds its receipt: no phone is needed to check it. */
  byReceipt: boolean;
  onCheck: () => void;
  onReplace: () => void;
  /** 'Daftar Merchant': remembers that the checkout waits, then goes to /register. */
  onRegister: () => void;
};

/** Step 2: the registration the order belongs to (devices go only to registered merchants). */
export function MerchantStep({
  kode,
  phone,
  onKodeChange,
  onPhoneChange,
  result,
  checking,
  error,
  byReceipt,
  onCheck,
  onReplace,
  onRegister,
}: MerchantStepProps) {
  const locked = result !== null || checking;
  const canCheck = kode.trim() !== '' && (phone.trim() !== '' || byReceipt);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canCheck && !locked) onCheck();
  };
  return (
    <>
      <form onSubmit={submit} aria-label="Periksa pendaftaran merchant" noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <CodeField
            label="Kode Pendaftaran"
            name="kode_pendaftaran"
            hint="Contoh: AIP-ABC12"
            value={kode}
            onChange={onKodeChange}
            locked={locked}
            plain={result !== null}
          />
          <RegisteredPhoneField
            hint={byReceipt && !result ? 'Tidak perlu diisi untuk pendaftaran yang baru Anda kirim.' : 'Nomor HP pemilik saat mendaftar'}
            value={phone}
            onChange={onPhoneChange}
            locked={locked}
            plain={result !== null}
          />
        </div>
        <div aria-live="polite">
          {error && <FormAlert className="mt-3">{error}</FormAlert>}
          {result && (
            <p
              className="mt-3 flex items-start gap-2 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900"
              data-testid="merchant-verified"
            >
              <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
              <span>
                Pesanan untuk <strong>{result.nama_toko}</strong> ({result.kode_pendaftaran}).
              </span>
            </p>
          )}
        </div>
        <div className="mt-4">
          {result ? (
            <Button variant="outline" onClick={onReplace}>
              <Pencil aria-hidden /> Ganti
            </Button>
          ) : (
            <Button type="submit" disabled={!canCheck || checking}>
              <Search aria-hidden /> {checking ? 'Memeriksa...' : 'Periksa'}
            </Button>
          )}
        </div>
      </form>
      {!result && (
        <div className="mt-5 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
          <UserRound aria-hidden className="size-5 text-slate-500" />
          <p className="text-sm text-slate-600">Belum terdaftar sebagai merchant?</p>
          <LinkButton to="/register" variant="secondary" size="sm" onClick={onRegister}>
            Daftar Merchant
          </LinkButton>
        </div>
      )}
    </>
  );
}
