import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { MESSAGES } from '../../domain/messages';
import { toast } from '../lib/toast';
import { Button } from './ui/button';

/** Copies a value; the button shows a confirmation state for 2 seconds (docs/spec.md §4). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success(MESSAGES.copied);
    } catch {
      toast.error(MESSAGES.copyFailed);
    }
  };

  return (
    <Button variant="ghost" size="icon" onClick={() => void copy()} aria-label={copied ? MESSAGES.copied : label}>
      {copied ? <Check aria-hidden className="text-green-600" /> : <Copy aria-hidden />}
    </Button>
  );
}

type CopyableValueProps = { value: string; label: string; testId: string; className: string; valueClassName: string };

/** A value (a registration code) beside its copy button; the button stays off paper. */
export function CopyableValue({ value, label, testId, className, valueClassName }: CopyableValueProps) {
  return (
    <span className={className}>
      <span className={valueClassName} data-testid={testId}>
        {value}
      </span>
      <span className="print:hidden">
        <CopyButton value={value} label={label} />
      </span>
    </span>
  );
}
