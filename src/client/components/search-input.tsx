import { Search } from 'lucide-react';
import { useEffect, useEffectEvent, useState, type ComponentProps } from 'react';
import { cn } from '../lib/cn';
import { Input } from './ui/input';

type SearchInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  /** The search in force (e.g. from the URL). */
  value: string;
  /** Called once typing pauses for `delay` ms, or at once on Enter. */
  onSearch: (value: string) => void;
  delay?: number;
};

/**
 * A search box that asks the server only when typing pauses: every key would otherwise be a request
 * (and a history entry, when the search lives in the URL).
 */
export function SearchInput({ value, onSearch, delay = 300, className, ...props }: SearchInputProps) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  // The search changed from outside (back button, a link): show it. Adjusting state during render is
  // React's way for this; an effect would first paint the old text. Our own search coming back is left
  // alone, so a trailing space typed before the pause survives.
  if (value !== seen) {
    setSeen(value);
    if (value !== text.trim()) setText(value);
  }

  const search = useEffectEvent((next: string) => onSearch(next));
  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => search(text.trim()), delay);
    return () => clearTimeout(timer);
  }, [text, value, delay]);

  return (
    <div className={cn('relative', className)}>
      <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
      <Input
        type="search"
        className="pl-9"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onSearch(text.trim());
          }
        }}
        {...props}
      />
    </div>
  );
}
