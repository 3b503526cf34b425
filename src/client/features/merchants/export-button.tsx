import { FileDown, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { isIdentityTerm } from '../../../domain/identity-search';
import { Button } from '../../components/ui/button';
import { downloadFile } from '../../lib/download-file';
import { toast } from '../../lib/toast';
import type { MerchantListView } from './list-params';

const EXPORT_FAILED = 'Gagal mengekspor data merchant';

/** The export's query: the list's search and filter, not its page or sort, so every matching row comes. */
export function exportUrl(view: Pick<MerchantListView, 'q' | 'status'>): string {
  if (view.q && isIdentityTerm(view.q)) return EXPORT_PATH;
  const params = new URLSearchParams();
  if (view.q) params.set('q', view.q);
  params.set('status', view.status);
  return `${EXPORT_PATH}?${params.toString()}`;
}

const EXPORT_PATH = '/api/admin/merchants/export';

/** A whole NIK or account number as the search goes in a POST body, never in a URL. */
export function exportBody(view: Pick<MerchantListView, 'q' | 'status'>): { q: string; status: MerchantListView['status'] } | undefined {
  return view.q && isIdentityTerm(view.q) ? { q: view.q, status: view.status } : undefined;
}

/**
 * Ekspor CSV. Fetched, then saved from a blob, rather than a plain link: a refused or failed export gets
 * a toast instead of a broken file, and the file keeps the server's name (merchants-YYYY-MM-DD.csv).
 */
export function ExportButton({ view }: { view: Pick<MerchantListView, 'q' | 'status'> }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadFile(exportUrl(view), 'merchants.csv', exportBody(view));
    } catch {
      toast.error(EXPORT_FAILED);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void run()} disabled={busy} aria-label="Ekspor CSV daftar merchant">
      {busy ? <LoaderCircle aria-hidden className="animate-spin" /> : <FileDown aria-hidden />} Ekspor CSV
    </Button>
  );
}
