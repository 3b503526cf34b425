import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

type NoticeBarProps = {
  /** `alert` for what just went wrong, `status` for how things stand. */
  role: 'alert' | 'status';
  icon: LucideIcon;
  children: ReactNode;
  /** The one button that answers the notice. */
  action: ReactNode;
};

/** An amber bar above an admin screen: what the admin must know before going on, and what to do about it. */
export function NoticeBar({ role, icon: Icon, children, action }: NoticeBarProps) {
  return (
    <div
      role={role}
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p className="flex items-start gap-2">
        <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
        {children}
      </p>
      {action}
    </div>
  );
}
