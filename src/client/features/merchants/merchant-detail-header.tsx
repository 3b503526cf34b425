import { ArrowLeft, FileText, ListChecks, Pencil, Save, X } from 'lucide-react';
import { Link } from 'react-router';
import type { MerchantDetail } from '../../../domain/merchants';
import { Button } from '../../components/ui/button';
import { PROFILE_FORM_ID } from './merchant-profile-form';
import { MerchantTitle } from './merchant-title';

type MerchantDetailHeaderProps = {
  merchant: MerchantDetail;
  editing: boolean;
  saving: boolean;
  onEdit: () => void;
  onCancel: () => void;
  /** Opens the status dialog (with the fix checklist, decision 0018). */
  onChangeStatus: () => void;
};

export function MerchantDetailHeader({ merchant, editing, saving, onEdit, onCancel, onChangeStatus }: MerchantDetailHeaderProps) {
  return (
    <header className="space-y-3">
      <Link to="/admin/merchants" className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-brand-700">
        <ArrowLeft aria-hidden className="size-4" /> Kembali ke Daftar Merchant
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <MerchantTitle merchant={merchant} title={merchant.nama_toko} />
        {editing ? (
          <div className="flex gap-2">
            <Button variant="ghost" onClick={onCancel} disabled={saving}>
              <X aria-hidden /> Batal
            </Button>
            {/* Submits the Profil form, which stays mounted while another tab is shown. */}
            <Button type="submit" form={PROFILE_FORM_ID} disabled={saving} aria-busy={saving}>
              <Save aria-hidden /> Simpan
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap gap-2">
            {merchant.status === 'processing' && (
              <Button asChild variant="secondary">
                <Link to={`/admin/merchants/${encodeURIComponent(merchant.id)}/review`}>
                  <FileText aria-hidden /> Tinjau
                </Link>
              </Button>
            )}
            <Button variant="outline" onClick={onChangeStatus}>
              <ListChecks aria-hidden /> Ubah Status
            </Button>
            <Button onClick={onEdit}>
              <Pencil aria-hidden /> Edit Merchant
            </Button>
          </div>
        )}
      </div>
    </header>
  );
}
