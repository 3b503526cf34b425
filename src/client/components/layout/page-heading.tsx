import type { ReactNode } from 'react';

type PageHeadingProps = { title: string; actions?: ReactNode; children?: ReactNode };

/** An admin screen's h1 over a line on what it shows (`children`), and its actions on the right. */
export function PageHeading({ title, actions, children }: PageHeadingProps) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold">{title}</h1>
        {children && <p className="mt-1 text-sm text-slate-600">{children}</p>}
      </div>
      {actions}
    </div>
  );
}
