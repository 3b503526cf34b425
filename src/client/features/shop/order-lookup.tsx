import { Search, SearchX } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ORDER_NOT_FOUND } from '../../../domain/order-texts';
import type { OrderCreateResponse } from '../../../domain/orders';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { failureText, lookupOrder } from './order-api';

type OrderLookupProps = {
  kode: string;
  /** The order found, with the fresh token of its page. */
  onFound: (order: OrderCreateResponse) => void;
};

/** A wrong or missing token: the order is found again by its code and the registration's phone. */
export function OrderLookup({ kode, onFound }: OrderLookupProps) {
  const [values, setValues] = useState({ kode_pesanan: kode, no_hp: '' });
  const [searching, setSearching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canSearch = values.kode_pesanan.trim() !== '' && values.no_hp.trim() !== '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSearch || searching) return;
    setSearching(true);
    setError(null);
    try {
      onFound(await lookupOrder({ kode_pesanan: values.kode_pesanan.trim(), no_hp: values.no_hp.trim() }));
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setSearching(false);
    }
  };

  return (
    <>
      <div className="flex items-start gap-3">
        <SearchX aria-hidden className="mt-1 size-7 shrink-0 text-slate-400" />
        <div>
          <h1 className="text-2xl font-bold">{ORDER_NOT_FOUND}</h1>
          <p className="mt-1 text-slate-600">
            Tautan pesanan tidak lengkap atau sudah tidak berlaku. Cari pesanan Anda dengan kode pesanan dan nomor HP yang terdaftar.
          </p>
        </div>
      </div>
      <Card className="mt-6 p-6">
        <form onSubmit={(event) => void submit(event)} aria-label="Cari pesanan" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Kode Pesanan" hint="Contoh: ORD-AB12CD34">
              {({ id, describedBy }) => (
                <Input
                  id={id}
                  name="kode_pesanan"
                  aria-describedby={describedBy}
                  value={values.kode_pesanan}
                  onChange={(event) => setValues({ ...values, kode_pesanan: event.target.value.toUpperCase() })}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={20}
                  className="font-mono uppercase tracking-wider"
                />
              )}
            </FormField>
            <FormField label="Nomor HP terdaftar">
              {({ id, describedBy }) => (
                <Input
                  id={id}
                  name="no_hp"
                  type="tel"
                  inputMode="tel"
                  aria-describedby={describedBy}
                  value={values.no_hp}
                  onChange={(event) => setValues({ ...values, no_hp: event.target.value })}
                  autoComplete="tel"
                  maxLength={30}
                  placeholder="081234567890"
                />
              )}
            </FormField>
          </div>
          <div aria-live="polite">
            {error && (
              <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
                {error}
              </p>
            )}
          </div>
          <Button type="submit" className="mt-4 w-full sm:w-auto" disabled={!canSearch || searching}>
            <Search aria-hidden /> {searching ? 'Mencari...' : 'Cari Pesanan'}
          </Button>
        </form>
      </Card>
    </>
  );
}
