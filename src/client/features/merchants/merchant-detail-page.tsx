import { useQueryClient } from '@tanstack/react-query';
import { Activity, FileText, Mail, MonitorSmartphone, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { MerchantDetail } from '../../../domain/merchants';
import { MESSAGES } from '../../../domain/messages';
import { CLAIM_MESSAGES } from '../../../domain/review-claims';
import { RegionCard } from '../../components/region-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { isNotFound, serverMessage } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { usePageTitle } from '../../lib/use-page-title';
import { MerchantDevicesTab } from '../devices/public';
import { DetailSkeleton } from './detail-skeleton';
import { DuplicatePanel } from './duplicate-panel';
import { firstApprovalOnly } from './first-approval';
import { MerchantActivityTab } from './merchant-activity-tab';
import { isStaleSave, merchantKeys, type MerchantUpdateBody } from './merchant-api';
import { MerchantDetailHeader } from './merchant-detail-header';
import { MerchantDocumentsTab } from './merchant-documents-tab';
import { MerchantMessagesTab } from './merchant-messages-tab';
import { MerchantNotFound } from './merchant-not-found';
import { MerchantProfileForm } from './merchant-profile-form';
import { NikCheckInfo } from './nik-check';
import { NotesCard } from './notes-card';
import { useRevealedValues } from './revealable-field';
import { StaleSaveAlert } from './stale-save-alert';
import { StatusChangeDialog } from './status-change-dialog';
import { useLiveMerchantUpdates } from './use-live-merchant-updates';
import { useMerchantDetail } from './use-merchant-detail';
import { useSaveMerchantMutation } from './use-save-merchant';

type Tab = 'profil' | 'dokumen' | 'aktivitas' | 'pesan' | 'perangkat';
const TABS: { value: Tab; label: string; Icon: typeof UserRound }[] = [
  { value: 'profil', label: 'Profil', Icon: UserRound },
  { value: 'dokumen', label: 'Dokumen', Icon: FileText },
  { value: 'aktivitas', label: 'Aktivitas', Icon: Activity },
  { value: 'pesan', label: 'Pesan', Icon: Mail },
  { value: 'perangkat', label: 'Perangkat', Icon: MonitorSmartphone },
];

/** /admin/merchants/:id, and /admin/merchants/:id/edit which opens the same screen in edit mode. */
export function MerchantDetailPage() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The mode is the URL's, so a reload or a shared /edit link opens what was on screen.
  const editing = /\/edit\/?$/i.test(pathname);
  const viewPath = `/admin/merchants/${encodeURIComponent(id)}`;

  const detail = useMerchantDetail(id);
  useLiveMerchantUpdates();
  const save = useSaveMerchantMutation(id);
  const [tab, setTab] = useState<Tab>('profil');
  const [stale, setStale] = useState<string | null>(null);
  const [changingStatus, setChangingStatus] = useState(false);
  const [reloading, setReloading] = useState(false);
  // Bumped by Muat Ulang: the edit form mounts again on the version just loaded.
  const [edition, setEdition] = useState(0);
  usePageTitle(detail.data?.nama_toko ?? 'Detail Merchant');
  const revealed = useRevealedValues(`${id}|${detail.data?.updated_at ?? ''}`);

  if (isNotFound(detail.error)) return <MerchantNotFound />;
  const merchant = detail.data;
  if (!merchant) return <DetailSkeleton />;

  const startEdit = () => {
    setTab('profil');
    void navigate(`${viewPath}/edit`);
  };
  const leaveEdit = () => {
    setStale(null);
    void navigate(viewPath, { replace: true });
  };

  const onSave = async (update: MerchantUpdateBody) => {
    setStale(null);
    let saved: MerchantDetail;
    try {
      saved = await save.mutateAsync(update);
    } catch (error) {
      if (isStaleSave(error)) setStale(error.message);
      toast.error(MESSAGES.saveFailed, { description: serverMessage(error) });
      throw error;
    }
    if (firstApprovalOnly(update.status, saved)) toast.info(CLAIM_MESSAGES.firstApprovalRecorded);
    else toast.success(MESSAGES.saveSuccess);
    leaveEdit();
  };

  const reload = async () => {
    setReloading(true);
    try {
      await queryClient.invalidateQueries({ queryKey: merchantKeys.detail(id) });
      setStale(null);
      setEdition((n) => n + 1);
    } finally {
      setReloading(false);
    }
  };

  return (
    <main className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8">
      <MerchantDetailHeader
        merchant={merchant}
        editing={editing}
        saving={save.isPending}
        onEdit={startEdit}
        onCancel={leaveEdit}
        onChangeStatus={() => setChangingStatus(true)}
      />
      <StatusChangeDialog merchant={changingStatus ? merchant : null} onClose={() => setChangingStatus(false)} />
      {editing && stale && <StaleSaveAlert message={stale} reloading={reloading} onReload={() => void reload()} />}
      <DuplicatePanel merchantId={merchant.id} />
      <RegionCard id="pemeriksaan-nik" title="Pemeriksaan NIK" titleClassName="mb-2">
        <NikCheckInfo check={merchant.nik_check} personal={revealed.nikPersonal} />
      </RegionCard>
      <NotesCard merchantId={merchant.id} />
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList aria-label="Bagian detail merchant">
          {TABS.map(({ value, label, Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon aria-hidden /> {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {/* forceMount: edits survive a look at another tab, and Simpan always finds its form. */}
        <TabsContent value="profil" forceMount>
          <MerchantProfileForm
            key={editing ? `edit-${edition}` : `view-${merchant.updated_at}`}
            merchant={merchant}
            editing={editing}
            onSave={onSave}
            reveal={{ merchantId: merchant.id, values: revealed.values, onRevealed: revealed.add }}
          />
        </TabsContent>
        <TabsContent value="dokumen">
          <MerchantDocumentsTab merchant={merchant} />
        </TabsContent>
        <TabsContent value="aktivitas">
          <MerchantActivityTab merchantId={merchant.id} />
        </TabsContent>
        <TabsContent value="pesan">
          <MerchantMessagesTab merchantId={merchant.id} noHp={merchant.no_hp} />
        </TabsContent>
        <TabsContent value="perangkat">
          <MerchantDevicesTab merchantId={merchant.id} />
        </TabsContent>
      </Tabs>
    </main>
  );
}
