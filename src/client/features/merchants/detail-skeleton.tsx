import { Skeleton } from '../../components/ui/skeleton';

/** The detail and review screens while the merchant loads. */
export function DetailSkeleton() {
  return (
    <main className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8" aria-busy aria-label="Memuat data merchant">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-10 w-full" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-72" />
        <Skeleton className="h-72" />
      </div>
    </main>
  );
}
