import { ShoppingCart } from 'lucide-react';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../domain/order-texts';
import { Button } from '../../components/ui/button';
import { FormAlert } from './lookup-fields';

type PaymentStepProps = {
  methods: readonly PaymentMethod[];
  method: PaymentMethod;
  onMethodChange: (method: PaymentMethod) => void;
  /** Steps 1-3 are complete. */
  ready: boolean;
  submitting: boolean;
  /** The server's refusal of the last attempt. */
  error: string | null;
  onSubmit: () => void;
};

const METHOD_HINTS: Record<PaymentMethod, string> = {
  transfer: 'Transfer ke rekening kami dengan jumlah tepat (termasuk kode unik). Batas waktu dan nomor rekening ada di halaman pesanan.',
  midtrans: 'Bayar dengan kartu, e-wallet, QRIS atau virtual account di halaman Midtrans.',
};

/** Step 4: how the order is paid, and the button that makes it. */
export function PaymentStep({ methods, method, onMethodChange, ready, submitting, error, onSubmit }: PaymentStepProps) {
  return (
    <>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Metode Pembayaran</legend>
        <div className="mt-2 space-y-2">
          {methods.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
            >
              <input
                type="radio"
                name="metode_pembayaran"
                value={value}
                checked={method === value}
                onChange={() => onMethodChange(value)}
                className="mt-1 size-4 accent-brand-600"
              />
              <span>
                <span className="block font-medium">{PAYMENT_METHOD_LABELS[value]}</span>
                <span className="block text-sm text-slate-600">{METHOD_HINTS[value]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div aria-live="polite">{error && <FormAlert className="mt-4">{error}</FormAlert>}</div>
      {!ready && (
        <p id="syarat-pesanan" className="mt-4 text-sm text-slate-600">
          Lengkapi keranjang, data merchant dan alamat pengiriman terlebih dahulu.
        </p>
      )}
      <Button
        size="lg"
        className="mt-4 w-full sm:w-auto"
        disabled={!ready || submitting}
        onClick={onSubmit}
        aria-describedby={ready ? undefined : 'syarat-pesanan'}
      >
        <ShoppingCart aria-hidden /> {submitting ? 'Memproses...' : 'Buat Pesanan'}
      </Button>
    </>
  );
}
