import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Card } from './ui/card';
import { Skeleton } from './ui/skeleton';

type RegionCardProps = {
  /** The heading's id: the heading names the region. */
  id: string;
  title: ReactNode;
  /** Classes of the heading beside `font-semibold`. */
  titleClassName?: string;
  warning?: boolean;
  children: ReactNode;
};

/** A panel of an admin detail screen: a card that is a region, named by its heading. */
export function RegionCard({ id, title, titleClassName, warning = false, children }: RegionCardProps) {
  return (
    <Card tone={warning ? 'warning' : 'default'} className="p-4" role="region" aria-labelledby={id}>
      <h2 id={id} className={cn('font-semibold', titleClassName)}>
        {title}
      </h2>
      {children}
    </Card>
  );
}

type PanelAnswerProps<Data> = {
  query: { data: Data | undefined; isError: boolean };
  failedText: string;
  children: (data: Data) => ReactNode;
};

/** A panel's loaded content: a line saying it could not be loaded, a bar while it loads, else the content. */
export function PanelAnswer<Data>({ query, failedText, children }: PanelAnswerProps<Data>) {
  if (query.isError) return <p className="mt-2 text-sm text-red-700">{failedText}</p>;
  if (query.data === undefined) return <Skeleton className="mt-2 h-6 w-full" />;
  return children(query.data);
}
