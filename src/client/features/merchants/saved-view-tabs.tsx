import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bookmark, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { isIdentityTerm } from '../../../domain/identity-search';
import {
  SavedViewListSchema,
  SavedViewSchema,
  VIEW_MESSAGES,
  type SavedView,
  type ViewFilter,
  type ViewList,
} from '../../../domain/saved-views';
import { Button } from '../../components/ui/button';
import { DialogClose, MountedDialog } from '../../components/ui/dialog';
import { Checkbox } from '../../components/ui/input';
import { InputField } from '../../components/ui/input-field';
import { apiFetch } from '../../lib/api-client';
import { serverMessage } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { DEFAULT_LIST_VIEW, type MerchantListView } from './list-params';

const viewsKey = (daftar: ViewList) => ['admin', 'views', daftar] as const;

/** The filters a view keeps: what differs from the list's defaults, never the page or a cursor. */
export function filterOf(view: MerchantListView): ViewFilter {
  return {
    ...(view.q && !isIdentityTerm(view.q) ? { q: view.q } : {}),
    ...(view.status !== DEFAULT_LIST_VIEW.status ? { status: view.status } : {}),
    ...(view.sort !== DEFAULT_LIST_VIEW.sort ? { sort: view.sort } : {}),
    ...(view.page_size !== DEFAULT_LIST_VIEW.page_size ? { page_size: view.page_size } : {}),
    ...(view.klaim ? { klaim: view.klaim } : {}),
  };
}

/** The whole list view a saved filter means: every key it leaves out back at its default. */
function viewOf(filter: ViewFilter): Partial<MerchantListView> {
  return {
    q: filter.q ?? DEFAULT_LIST_VIEW.q,
    status: filter.status ?? DEFAULT_LIST_VIEW.status,
    sort: filter.sort ?? DEFAULT_LIST_VIEW.sort,
    page_size: (filter.page_size ?? DEFAULT_LIST_VIEW.page_size) as MerchantListView['page_size'],
    klaim: filter.klaim ?? '',
    page: 1,
    after: '',
    before: '',
  };
}

const sameFilter = (a: ViewFilter, b: ViewFilter) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

type SavedViewTabsProps = { daftar: ViewList; view: MerchantListView; onApply: (view: Partial<MerchantListView>) => void };

/** Saved views above the queue and the merchant list: mine and the team's, a tab each; 'Simpan Tampilan' adds one. */
export function SavedViewTabs({ daftar, view, onApply }: SavedViewTabsProps) {
  const queryClient = useQueryClient();
  const views = useQuery({
    queryKey: viewsKey(daftar),
    queryFn: () => apiFetch(`/api/admin/views?daftar=${daftar}`, { schema: SavedViewListSchema }),
  });
  const [saving, setSaving] = useState(false);
  const remove = useMutation({
    mutationFn: (id: string) => apiFetch(`/api/admin/views/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      toast.success(VIEW_MESSAGES.deleted);
      void queryClient.invalidateQueries({ queryKey: viewsKey(daftar) });
    },
    onError: (error) => toast.error(serverMessage(error) ?? VIEW_MESSAGES.notFound),
  });
  const current = filterOf(view);

  return (
    <div className="flex flex-wrap items-center gap-2">
      <nav aria-label="Tampilan tersimpan" className="flex flex-wrap items-center gap-2">
        {views.data?.map((saved: SavedView) => {
          const active = sameFilter(saved.filter, current);
          return (
            <span key={saved.id} className="inline-flex items-center rounded-full border border-slate-300 bg-white text-sm">
              <button
                type="button"
                className={`rounded-full px-3 py-1 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600 ${active ? 'bg-slate-900 text-white' : 'text-slate-800'}`}
                aria-current={active ? 'true' : undefined}
                title={saved.milik_saya ? undefined : `Dibagikan oleh ${saved.pembuat ?? 'admin lain'}`}
                onClick={() => onApply(viewOf(saved.filter))}
              >
                {saved.nama}
                {saved.dibagikan && <span className="sr-only"> (dibagikan ke tim)</span>}
              </button>
              {saved.milik_saya && (
                <button
                  type="button"
                  className="mr-1 rounded-full p-1 text-slate-500 hover:text-red-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
                  aria-label={`Hapus tampilan ${saved.nama}`}
                  onClick={() => remove.mutate(saved.id)}
                >
                  <X aria-hidden className="size-3.5" />
                </button>
              )}
            </span>
          );
        })}
      </nav>
      <Button variant="ghost" size="sm" onClick={() => setSaving(true)}>
        <Bookmark aria-hidden /> Simpan Tampilan
      </Button>
      <MountedDialog
        open={saving}
        onClose={() => setSaving(false)}
        title="Simpan Tampilan"
        description="Simpan filter daftar ini dengan sebuah nama; tampil sebagai tab di atas daftar."
      >
        <SaveViewForm
          daftar={daftar}
          filter={current}
          onSaved={() => {
            setSaving(false);
            void queryClient.invalidateQueries({ queryKey: viewsKey(daftar) });
          }}
        />
      </MountedDialog>
    </div>
  );
}

function SaveViewForm({ daftar, filter, onSaved }: { daftar: ViewList; filter: ViewFilter; onSaved: () => void }) {
  const [nama, setNama] = useState('');
  const [dibagikan, setDibagikan] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: () => apiFetch('/api/admin/views', { method: 'POST', body: { nama, daftar, filter, dibagikan }, schema: SavedViewSchema }),
    onSuccess: () => {
      toast.success(VIEW_MESSAGES.saved);
      onSaved();
    },
    onError: (failure) => {
      setError(serverMessage(failure));
      toast.error(VIEW_MESSAGES.failed, { description: serverMessage(failure) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (nama.trim() === '') {
      setError(VIEW_MESSAGES.nameRequired);
      return;
    }
    setError(undefined);
    save.mutate();
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <InputField
        label="Nama tampilan"
        required
        error={error}
        name="nama"
        maxLength={60}
        value={nama}
        onChange={(e) => setNama(e.target.value)}
        autoFocus
      />
      <label className="flex items-center gap-2 text-sm">
        <Checkbox name="dibagikan" checked={dibagikan} onChange={(e) => setDibagikan(e.target.checked)} />
        Bagikan ke tim
      </label>
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="ghost">Batal</Button>
        </DialogClose>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          Simpan
        </Button>
      </div>
    </form>
  );
}
