import { SearchX } from 'lucide-react';
import { MESSAGES } from '../../../domain/messages';
import { STATUS_PAGE_TEXTS as T } from '../../../domain/status-texts';
import { LinkButton } from '../../components/link-button';
import { Card } from '../../components/ui/card';

export function StatusNotFound() {
  return (
    <Card className="flex flex-col items-center gap-3 p-8 text-center" role="region" aria-labelledby="status-tidak-ditemukan">
      <SearchX aria-hidden className="size-12 text-slate-400" />
      <h2 id="status-tidak-ditemukan" className="text-xl font-semibold">
        {MESSAGES.statusNotFoundTitle}
      </h2>
      <p className="text-slate-600">{MESSAGES.statusNotFoundBody}</p>
      <LinkButton to="/register" className="mt-2">
        {T.register}
      </LinkButton>
    </Card>
  );
}
