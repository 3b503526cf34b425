import { CheckCircle2, Pencil, Search, UserRound } from 'lucide-react';
import type { FormEvent } from 'react';
import type { MerchantCheckResponse } from '../../../domain/orders';
import { LinkButton } from '../../components/link-button';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';

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
          <FormField label="Kode Pendaftaran" hint="Contoh: AIP-ABC12">
            {({ id, describedBy }) => (
              <Input
                id={id}
                name="kode_pendaftaran"
                aria-describedby={describedBy}
                value={kode}
                onChange={(event) => onKodeChange(event.target.value.toUpperCase())}
                readOnly={locked}
                look={result ? 'plain' : 'box'}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={20}
                className="font-mono uppercase tracking-wider"
              />
            )}
          </FormField>
          <FormField
            label="Nomor HP terdaftar"
            hint={byReceipt && !result ? 'Tidak perlu diisi untuk pendaftaran yang baru Anda kirim.' : 'Nomor HP pemilik saat mendaftar'}
          >
            {({ id, describedBy }) => (
              <Input
                id={id}
                name="no_hp"
                type="tel"
                inputMode="tel"
                aria-describedby={describedBy}
                value={phone}
                onChange={(event) => onPhoneChange(event.target.value)}
                readOnly={locked}
                look={result ? 'plain' : 'box'}
                autoComplete="tel"
                maxLength={30}
                placeholder="081234567890"
              />
            )}
          </FormField>
        </div>
        <div aria-live="polite">
          {error && (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
              {error}
            </p>
          )}
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
