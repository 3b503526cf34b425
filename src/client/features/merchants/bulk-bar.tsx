import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileDown, Hand, UserPlus, X, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { CLAIM_MESSAGES, type BulkAction, type BulkResult } from '../../../domain/review-claims';
import { Button } from '../../components/ui/button';
import { DialogFormActions, MountedDialog } from '../../components/ui/dialog';
import { NativeSelect } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { fetchAdmins } from '../../lib/admin-users';
import { serverMessage } from '../../lib/api-errors';
import { downloadFile } from '../../lib/download-file';
import { toast } from '../../lib/toast';
import { bulkClaim } from './claim-api';
import { merchantKeys } from './merchant-api';
import type { RowSelection } from './use-row-selection';

const DONE: Record<BulkAction, string> = { ambil: 'diambil', lepas: 'dilepaskan', tugaskan: 'ditugaskan' };

/** '2 diambil · 3 dilewati: sedang ditinjau admin lain', the reasons grouped. */
export function bulkSummary(action: BulkAction, result: BulkResult): string {
  const parts = [`${result.berhasil.length} ${DONE[action]}`];
  const byReason = new Map<string, number>();
  for (const { alasan } of result.dilewati) byReason.set(alasan, (byReason.get(alasan) ?? 0) + 1);
  for (const [alasan, count] of byReason) parts.push(CLAIM_MESSAGES.skipped(count, alasan));
  return parts.join(' · ');
}

type BulkButton = { label: string; icon?: LucideIcon; ghost?: boolean; onClick: () => void };

/** The selected rows' actions: claim, release, assign, export. Never a decision: there is no bulk verify. */
export function BulkBar({ selection }: { selection: RowSelection }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [assigning, setAssigning] = useState(false);
  const ids = [...selection.selected];
  if (ids.length === 0) return null;

  const run = async (aksi: BulkAction, adminId?: string) => {
    setBusy(true);
    try {
      const result = await bulkClaim({ aksi, ids, ...(adminId ? { admin_id: adminId } : {}) });
      const summary = bulkSummary(aksi, result);
      if (result.dilewati.length > 0) toast.info(summary);
      else toast.success(summary);
      selection.clear();
      setAssigning(false);
      await queryClient.invalidateQueries({ queryKey: merchantKeys.all });
    } catch (error) {
      toast.error('Aksi massal gagal', { description: serverMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  const exportSelected = async () => {
    setBusy(true);
    try {
      await downloadFile('/api/admin/merchants/export', 'merchants.csv', { status: 'all', ids });
    } catch {
      toast.error('Gagal mengekspor data merchant');
    } finally {
      setBusy(false);
    }
  };

  const actions: BulkButton[] = [
    { label: 'Ambil untuk Saya', icon: Hand, onClick: () => void run('ambil') },
    { label: 'Lepaskan', onClick: () => void run('lepas') },
    { label: 'Tugaskan ke…', icon: UserPlus, onClick: () => setAssigning(true) },
    { label: 'Ekspor CSV', icon: FileDown, onClick: () => void exportSelected() },
    { label: 'Batal pilih', icon: X, ghost: true, onClick: selection.clear },
  ];

  return (
    <div
      role="region"
      aria-label="Aksi untuk merchant terpilih"
      className="flex flex-wrap items-center gap-2 rounded-xl border border-brand-200 bg-brand-50 p-3"
    >
      <span className="mr-2 text-sm font-medium">{ids.length} dipilih</span>
      {actions.map(({ label, icon: Icon, ghost, onClick }) => (
        <Button key={label} size="sm" variant={ghost ? 'ghost' : 'secondary'} disabled={busy} onClick={onClick}>
          {Icon && <Icon aria-hidden />} {label}
        </Button>
      ))}
      <MountedDialog
        open={assigning}
        onClose={() => setAssigning(false)}
        title="Tugaskan ke Admin"
        description={`${ids.length} merchant terpilih ditugaskan kepada admin yang dipilih. Setiap perubahan dicatat di log audit.`}
      >
        <AssignForm busy={busy} onAssign={(adminId) => void run('tugaskan', adminId)} />
      </MountedDialog>
    </div>
  );
}

function AssignForm({ busy, onAssign }: { busy: boolean; onAssign: (adminId: string) => void }) {
  const admins = useQuery({ queryKey: ['admin', 'admins'], queryFn: ({ signal }) => fetchAdmins(signal) });
  const [adminId, setAdminId] = useState('');
  const choices = (admins.data ?? []).map((admin) => ({ value: admin.id, label: admin.email }));
  return (
    <form
      aria-label="Tugaskan merchant terpilih"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (adminId) onAssign(adminId);
      }}
    >
      <div className="space-y-1.5">
        <Label htmlFor="admin_id" required>
          Admin
        </Label>
        <NativeSelect
          id="admin_id"
          name="admin_id"
          required
          value={adminId}
          onChange={(event) => setAdminId(event.target.value)}
          choices={choices}
          placeholder="Pilih admin"
        />
      </div>
      <DialogFormActions pending={busy} incomplete={!adminId}>
        Tugaskan
      </DialogFormActions>
    </form>
  );
}
