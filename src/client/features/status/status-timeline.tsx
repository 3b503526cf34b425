import type { TimelineEntry } from '../../../domain/orders';
import { MerchantTimeline } from '../../components/merchant-timeline';

/**
 * The merchant's one timeline under the result, for the asker with the receipt or e-mail plus
 * phone: registration, verification, then the order to its delivery. The order page shows the same list.
 */
export function StatusTimeline({ entries }: { entries: readonly TimelineEntry[] }) {
  return (
    <section aria-labelledby="perjalanan-merchant" className="mt-6 break-inside-avoid">
      <h3 id="perjalanan-merchant" className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-500">
        Perjalanan Pendaftaran &amp; Pesanan
      </h3>
      <div className="rounded-lg border border-slate-200 p-4">
        <MerchantTimeline entries={entries} label="Perjalanan pendaftaran dan pesanan" />
      </div>
    </section>
  );
}
