import { useId, type ReactNode } from 'react';
import { SearchInput } from '../search-input';
import { NativeSelect } from '../ui/input';
import { RefreshButton } from './refresh-button';

/** The props of a list screen's own toolbar: its view in the URL and the refresh of its query. */
export type ViewToolbarProps<View> = {
  view: View;
  onChange: (change: Partial<View>) => void;
  onRefresh: () => void;
  refreshing: boolean;
};

type ListToolbarProps<View> = ViewToolbarProps<View> & {
  /** The search field's label (read by screen readers only) and placeholder; its `name` is `q`. */
  searchLabel: string;
  searchPlaceholder: string;
  /** The longest search the API accepts (100 unless the list says otherwise). */
  searchMaxLength?: number;
  /** The refresh button's accessible name. */
  refreshLabel: string;
  /** Filters between the search and the refresh button (ToolbarSelect). */
  children?: ReactNode;
  /** Actions after the refresh button (the merchant export). */
  actions?: ReactNode;
};

/** The admin lists' toolbar: search, filters, refresh, and any further actions. */
export function ListToolbar<View extends { q: string }>(props: ListToolbarProps<View>) {
  const { view, onChange, onRefresh, refreshing } = props;
  const searchId = useId();
  return (
    <div role="search" className="flex flex-wrap items-end gap-3">
      <div className="min-w-64 flex-1">
        <label htmlFor={searchId} className="sr-only">
          {props.searchLabel}
        </label>
        <SearchInput
          id={searchId}
          name="q"
          value={view.q}
          onSearch={(q) => onChange({ q } as Partial<View>)}
          placeholder={props.searchPlaceholder}
          maxLength={props.searchMaxLength ?? 100}
        />
      </div>
      {props.children}
      <RefreshButton list={{ refetch: onRefresh, isFetching: refreshing }} label={props.refreshLabel} />
      {props.actions}
    </div>
  );
}

type ToolbarSelectProps<View, Key extends keyof View> = Pick<ViewToolbarProps<View>, 'view' | 'onChange'> & {
  /** The field of the view the filter sets; the select's `name` too. */
  field: Key & string;
  label: string;
  /** The width of the filter, as a Tailwind class. */
  className: string;
  options: readonly { value: View[Key] & string; label: string }[];
};

/** A labelled filter of a list toolbar, bound to one field of the list's view. */
export function ToolbarSelect<View, Key extends keyof View>({
  view,
  onChange,
  field,
  label,
  className,
  options,
}: ToolbarSelectProps<View, Key>) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      <NativeSelect
        id={id}
        name={field}
        value={view[field] as string}
        onChange={(event) => onChange({ [field]: event.target.value } as Partial<View>)}
        choices={options}
      />
    </div>
  );
}
