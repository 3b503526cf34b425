import { STATUS_FORM_TEXTS as T } from '../../../domain/status-form-texts';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';

export function StatusSkeleton() {
  return (
    <Card className="space-y-6 p-6" role="status" aria-label={T.loading}>
      <span className="sr-only">{T.loading}</span>
      <div className="flex items-center justify-between gap-4">
        <Skeleton className="h-7 w-48" />
        <Skeleton shape="pill" className="h-6 w-32" />
      </div>
      <Skeleton className="h-16 w-full" />
      <div className="grid gap-6 md:grid-cols-3">
        {[0, 1, 2].map((column) => (
          <div key={column} className="space-y-3">
            <Skeleton className="h-5 w-32" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        ))}
      </div>
    </Card>
  );
}
