import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { serverMessage } from '../../lib/api-errors';
import { downloadFile } from '../../lib/download-file';
import { toast } from '../../lib/toast';
import { auditFilterOf, type AuditView } from './audit-params';

/** 'Ekspor CSV': every row the page's filters select (not just this page), audited as audit_export. */
export function AuditExportButton({ view }: { view: AuditView }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const params = new URLSearchParams(Object.entries(auditFilterOf(view)).map(([key, value]) => [key, String(value)]));
      await downloadFile(`/api/admin/audit/export?${params.toString()}`, 'audit-log.csv');
    } catch (error) {
      toast.error('Ekspor log audit gagal', { description: serverMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" onClick={() => void run()} disabled={busy} aria-busy={busy}>
      <Download aria-hidden /> Ekspor CSV
    </Button>
  );
}
