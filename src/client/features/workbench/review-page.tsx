import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ChevronLeft, ChevronRight, Info, UserRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { DOCUMENT_SLOTS } from '../../../domain/document-slots';
import type { MerchantDetail } from '../../../domain/merchants';
import { REVIEW_PRESENCE_MESSAGE, type ReviewChecklist } from '../../../domain/workbench';
import { Button } from '../../components/ui/button';
import { isNotFound } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { usePageTitle } from '../../lib/use-page-title';
import { useSession } from '../auth/public';
import {
  DetailSkeleton,
  DuplicatePanel,
  merchantKeys,
  MerchantNotFound,
  MerchantTitle,
  NotesCard,
  StaleSaveAlert,
  StatusChangeDialog,
  useLiveMerchantUpdates,
  useMerchantDetail,
} from '../merchants/public';
import { ClaimNotice, SecondApprovalNotice } from './claim-notice';
import { DocumentViewer, type ViewerState } from './document-viewer';
import { MachineChecksPanel } from './machine-checks-panel';
import { checkedSlots, ReviewChecklistFields } from './review-checklist';
import { ReviewData } from './review-data';
import { isTypingTarget, nextAfterDecision, queueNeighbour, shortcutFor, type Decision } from './review-shortcuts';
import { ShortcutsDialog } from './shortcuts-dialog';
import { useReviewClaim } from './use-review-claim';
import { useReviewPresence } from './use-review-presence';
import { fetchQueueOrder, workbenchKeys } from './workbench-api';

const DECISIONS: { status: Decision; label: string; key: string; variant: 'primary' | 'secondary' | 'danger' }[] = [
  { status: 'verified', label: 'Verifikasi', key: 'V', variant: 'primary' },
  { status: 'data_tidak_lengkap', label: 'Data Tidak Lengkap', key: 'T', variant: 'secondary' },
  { status: 'rejected', label: 'Tolak', key: 'D', variant: 'danger' },
];

function decisionLabel(status: Decision): string {
  return DECISIONS.find((decision) => decision.status === status)?.label ?? status;
}

const QUEUE_MESSAGES = {
  end: 'Tidak ada merchant lain di antrean',
  empty: 'Antrean kosong: semua pendaftaran sudah ditinjau',
} as const;

/** /admin/merchants/:id/review: the documents beside the data they prove, and the decision (decision 0022). */
export function ReviewPage() {
  const { id = '' } = useParams();
  const detail = useMerchantDetail(id);
  useLiveMerchantUpdates();
  usePageTitle(detail.data ? `Tinjau ${detail.data.nama_toko}` : 'Tinjau Merchant');
  if (isNotFound(detail.error)) return <MerchantNotFound />;
  if (!detail.data) return <DetailSkeleton />;
  // Keyed: the next merchant starts on its first document with an empty checklist.
  return <ReviewScreen key={id} merchant={detail.data} />;
}

function ReviewScreen({ merchant }: { merchant: MerchantDetail }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const others = useReviewPresence(merchant.id, session.data?.user.id);
  const queue = useQuery({ queryKey: workbenchKeys.queueOrder(), queryFn: ({ signal }) => fetchQueueOrder(signal) });
  const [viewer, setViewer] = useState<ViewerState>({ index: 0, zoom: 1, rotation: 0 });
  const [checklist, setChecklist] = useState<ReviewChecklist>({});
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [help, setHelp] = useState(false);
  const [stale, setStale] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const slot = DOCUMENT_SLOTS[viewer.index] ?? 'foto_ktp';
  const order = queue.data ?? [];
  const position = order.indexOf(merchant.id);
  const selfId = session.data?.user.id;
  // Another admin's claim leaves the screen read-only (the server refuses their decisions with 409 too).
  const heldByOther = merchant.diklaim_oleh !== null && merchant.diklaim_oleh.id !== selfId;
  useReviewClaim(merchant.id, merchant.diklaim_oleh !== null && merchant.diklaim_oleh.id === selfId);
  const decidable = merchant.status === 'processing' && !heldByOther;

  const openMerchant = (target: string | null, whenNone: string) => {
    if (target) void navigate(`/admin/merchants/${encodeURIComponent(target)}/review`);
    else toast.info(whenNone);
  };
  const step = (direction: 1 | -1) => openMerchant(queueNeighbour(order, merchant.id, direction), QUEUE_MESSAGES.end);

  const afterDecision = async () => {
    const after = await queryClient.fetchQuery({
      queryKey: workbenchKeys.queueOrder(),
      queryFn: ({ signal }) => fetchQueueOrder(signal),
      staleTime: 0,
    });
    const next = nextAfterDecision(order, after, merchant.id);
    if (next) openMerchant(next, QUEUE_MESSAGES.end);
    else {
      toast.info(QUEUE_MESSAGES.empty);
      void navigate('/admin');
    }
  };

  // What the one keydown listener needs of the latest render (state setters are stable and need no ref).
  const latest = useRef({ step, decidable });
  useEffect(() => {
    latest.current = { step, decidable };
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || isTypingTarget(event.target)) return;
      // An open dialog (decision, shortcuts) has the keyboard: its focus trap holds the target, but a
      // click outside it could leave the focus on the body.
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const shortcut = shortcutFor(event);
      if (!shortcut) return;
      event.preventDefault();
      if (shortcut.kind === 'merchant') latest.current.step(shortcut.step);
      else if (shortcut.kind === 'document') setViewer({ index: shortcut.index, zoom: 1, rotation: 0 });
      else if (shortcut.kind === 'help') setHelp(true);
      else if (latest.current.decidable) setDeciding(shortcut.status);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const reload = async () => {
    setReloading(true);
    try {
      await queryClient.invalidateQueries({ queryKey: merchantKeys.detail(merchant.id) });
      setStale(null);
    } finally {
      setReloading(false);
    }
  };

  return (
    <main className="mx-auto w-full max-w-7xl space-y-4 px-4 py-6">
      <header className="space-y-3">
        <Link to="/admin" className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-brand-700">
          <ArrowLeft aria-hidden className="size-4" /> Kembali ke Antrean
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <MerchantTitle merchant={merchant} title={`Tinjau: ${merchant.nama_toko}`}>
            {position >= 0 && (
              <span>
                Antrean {position + 1} dari {order.length}
              </span>
            )}
          </MerchantTitle>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => step(-1)} aria-keyshortcuts="K">
              <ChevronLeft aria-hidden /> Merchant sebelumnya <Kbd>K</Kbd>
            </Button>
            <Button variant="outline" size="sm" onClick={() => step(1)} aria-keyshortcuts="J">
              Merchant berikutnya <Kbd>J</Kbd> <ChevronRight aria-hidden />
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setHelp(true)} aria-keyshortcuts="?">
              <Info aria-hidden /> Pintasan keyboard <Kbd>?</Kbd>
            </Button>
          </div>
        </div>
      </header>
      {others.length > 0 && (
        <p role="status" className="flex items-center gap-2 rounded-xl border border-sky-300 bg-sky-50 p-3 text-sm text-sky-900">
          <UserRound aria-hidden className="size-4 shrink-0" />
          {REVIEW_PRESENCE_MESSAGE(others.map((admin) => admin.name).join(', '))}
        </p>
      )}
      {heldByOther && <ClaimNotice merchant={merchant} />}
      <SecondApprovalNotice merchant={merchant} selfEmail={session.data?.user.email} />
      {stale && <StaleSaveAlert message={stale} reloading={reloading} onReload={() => void reload()} />}
      <DuplicatePanel merchantId={merchant.id} />
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <DocumentViewer
            merchant={merchant}
            state={viewer}
            onChange={(change) => setViewer((current) => ({ ...current, ...change }))}
            checked={checkedSlots(checklist)}
          />
        </div>
        <div className="space-y-4 lg:col-span-2">
          <ReviewChecklistFields slot={slot} checklist={checklist} onChange={setChecklist} />
          <MachineChecksPanel merchantId={merchant.id} slot={slot} />
          <section aria-labelledby="keputusan" className="rounded-xl border border-slate-200 bg-white p-4">
            <h2 id="keputusan" className="font-semibold">
              Keputusan
            </h2>
            {merchant.status !== 'processing' && (
              <p className="mt-1 text-sm text-slate-600">Merchant ini sudah diputuskan; keputusan hanya dari status Sedang Diproses.</p>
            )}
            <div className="mt-3 flex flex-wrap gap-2">
              {DECISIONS.map((decision) => (
                <Button
                  key={decision.status}
                  variant={decision.variant}
                  onClick={() => setDeciding(decision.status)}
                  disabled={!decidable}
                  aria-keyshortcuts={decision.key}
                >
                  {decision.label} <Kbd>{decision.key}</Kbd>
                </Button>
              ))}
            </div>
          </section>
          {/* Keyed: what was revealed for one merchant is never shown beside the next one's data. */}
          <ReviewData key={merchant.id} merchant={merchant} slot={slot} />
          <NotesCard key={`notes-${merchant.id}`} merchantId={merchant.id} />
        </div>
      </div>
      <StatusChangeDialog
        merchant={deciding ? merchant : null}
        decision={deciding ? { status: deciding, label: decisionLabel(deciding), checklist, onStale: setStale } : undefined}
        onClose={(decided) => {
          setDeciding(null);
          if (decided) void afterDecision();
        }}
      />
      <ShortcutsDialog open={help} onOpenChange={setHelp} />
    </main>
  );
}

/** The key beside a button's label; the button's aria-keyshortcuts tells screen readers, so it is hidden from them. */
function Kbd({ children }: { children: string }) {
  return (
    <kbd aria-hidden className="rounded border border-current/30 px-1.5 font-mono text-xs opacity-80">
      {children}
    </kbd>
  );
}
