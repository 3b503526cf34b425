import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatDateTimeWib } from '../../../domain/format';
import { MerchantNoteListSchema, MerchantNoteSchema, NOTE_MAX_LENGTH, NOTE_MESSAGES, type MerchantNote } from '../../../domain/notes';
import { RegionCard } from '../../components/region-card';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/input';
import { apiFetch } from '../../lib/api-client';
import { serverMessage } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { merchantKeys } from './merchant-api';

// Under the merchant's detail key: the live stream's note_added (or any change of the merchant) refreshes it.
const notesKey = (id: string) => [...merchantKeys.detail(id), 'notes'] as const;

async function fetchNotes(id: string): Promise<MerchantNote[]> {
  return apiFetch(`/api/admin/merchants/${id}/notes`, { schema: MerchantNoteListSchema });
}

async function postNote(id: string, teks: string): Promise<MerchantNote> {
  return apiFetch(`/api/admin/merchants/${id}/notes`, { method: 'POST', body: { teks }, schema: MerchantNoteSchema });
}

/**
 * 'Catatan Internal': the team's thread on a merchant (detail and review screens). Notes are never edited
 * and never reach the applicant; the others looking at the case see a new one come in.
 */
export function NotesCard({ merchantId }: { merchantId: string }) {
  const queryClient = useQueryClient();
  const notes = useQuery({ queryKey: notesKey(merchantId), queryFn: () => fetchNotes(merchantId) });
  const [teks, setTeks] = useState('');
  const [error, setError] = useState<string | undefined>();
  const add = useMutation({
    mutationFn: (text: string) => postNote(merchantId, text),
    onSuccess: () => {
      setTeks('');
      toast.success(NOTE_MESSAGES.saved);
      void queryClient.invalidateQueries({ queryKey: notesKey(merchantId) });
    },
    onError: (failure) => {
      setError(serverMessage(failure));
      toast.error(NOTE_MESSAGES.saveFailed, { description: serverMessage(failure) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = teks.trim();
    if (text === '') {
      setError(NOTE_MESSAGES.required);
      return;
    }
    setError(undefined);
    add.mutate(text);
  };

  return (
    <RegionCard id="catatan-internal" title="Catatan Internal">
      <p className="text-xs text-slate-500">Hanya untuk tim; tidak pernah terlihat oleh pendaftar.</p>
      <ol className="mt-3 space-y-2" aria-label="Daftar catatan internal">
        {notes.data?.length === 0 && <li className="text-sm text-slate-500">{NOTE_MESSAGES.empty}</li>}
        {notes.data?.map((note) => (
          <li key={note.id} className="rounded-lg border border-slate-200 bg-slate-50 p-2 text-sm">
            <p className="whitespace-pre-line break-words">{note.teks}</p>
            <p className="mt-1 text-xs text-slate-600">
              {note.penulis ?? 'Admin dihapus'} · <time dateTime={note.created_at}>{formatDateTimeWib(note.created_at)}</time>
            </p>
          </li>
        ))}
      </ol>
      <form onSubmit={submit} noValidate className="mt-3 space-y-2">
        <FormField
          label="Catatan internal"
          error={error}
          hint={`${teks.length.toLocaleString('id-ID')}/${NOTE_MAX_LENGTH.toLocaleString('id-ID')} karakter`}
        >
          {({ id, describedBy, invalid }) => (
            <Textarea
              id={id}
              name="teks"
              rows={3}
              maxLength={NOTE_MAX_LENGTH}
              value={teks}
              onChange={(event) => setTeks(event.target.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid}
            />
          )}
        </FormField>
        <div className="flex justify-end">
          <Button type="submit" size="sm" disabled={add.isPending} aria-busy={add.isPending}>
            Tambah Catatan
          </Button>
        </div>
      </form>
    </RegionCard>
  );
}
