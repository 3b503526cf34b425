import { DOCUMENT_SLOTS } from '../../../domain/document-slots';
import type { MerchantDetail } from '../../../domain/merchants';
import { DocumentSlotCard } from './document-slot-card';

/** Tab Dokumen: the seven slots of SPEC §3, each with preview, view, download and (re-)upload. */
export function MerchantDocumentsTab({ merchant }: { merchant: MerchantDetail }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Dokumen merchant" role="list">
      {DOCUMENT_SLOTS.map((slot) => (
        <div key={slot} role="listitem">
          <DocumentSlotCard merchant={merchant} slot={slot} present={merchant.documents[slot]} />
        </div>
      ))}
    </div>
  );
}
