import { Search, SearchX } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ORDER_NOT_FOUND } from '../../../domain/order-texts';
import type { OrderCreateResponse } from '../../../domain/orders';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CodeField, FormAlert, RegisteredPhoneField } from './lookup-fields';
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
            <CodeField
              label="Kode Pesanan"
              name="kode_pesanan"
              hint="Contoh: ORD-AB12CD34"
              value={values.kode_pesanan}
              onChange={(kode_pesanan) => setValues({ ...values, kode_pesanan })}
            />
            <RegisteredPhoneField value={values.no_hp} onChange={(no_hp) => setValues({ ...values, no_hp })} />
          </div>
          <div aria-live="polite">{error && <FormAlert className="mt-4">{error}</FormAlert>}</div>
          <Button type="submit" className="mt-4 w-full sm:w-auto" disabled={!canSearch || searching}>
            <Search aria-hidden /> {searching ? 'Mencari...' : 'Cari Pesanan'}
          </Button>
        </form>
      </Card>
    </>
  );
}
