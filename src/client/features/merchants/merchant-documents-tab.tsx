import { DOCUMENT_SLOTS } from '../../../domain/document-slots';
import type { MerchantDetail } from '../../../domain/merchants';
import { DocumentSlotCard } from './document-slot-card';
import { KeptPhotoWarning } from './kept-photo-warning';

/** Tab Dokumen: the seven slots of docs/spec.md §3, each with preview, view, download and (re-)upload. */
export function MerchantDocumentsTab({ merchant }: { merchant: MerchantDetail }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Dokumen merchant" role="list">
      {DOCUMENT_SLOTS.map((slot) => (
        <div key={slot} role="listitem" className="space-y-2">
          <DocumentSlotCard merchant={merchant} slot={slot} present={merchant.documents[slot]} />
          <KeptPhotoWarning problems={merchant.peringatan_foto[slot]} />
        </div>
      ))}
    </div>
  );
}
