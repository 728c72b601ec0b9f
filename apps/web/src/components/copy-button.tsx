import { TIMINGS } from '@hopbox/contracts/constants';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { buttonClasses } from '@/components/button';
import { copyText } from '@/lib/clipboard';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';

/**
 * Copies a reference (payment reference, AWB) for support or tracking; a check mark confirms it for 2 s.
 * With `showLabel`, the button says what it copies (e.g. "Copy address") instead of being an icon alone.
 */
export function CopyButton({ value, label, showLabel = false }: { value: string; label: string; showLabel?: boolean }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), TIMINGS.copyCheckMark);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      onClick={() =>
        copyText(value).then(
          () => setCopied(true),
          () => toast.error('Could not copy to the clipboard'),
        )
      }
      aria-label={copied ? `${label} copied` : `Copy ${label.toLowerCase()}`}
      title={`Copy ${label.toLowerCase()}`}
      className={
        showLabel
          ? buttonClasses('secondary', 'sm')
          : 'ml-1 inline-flex size-7 shrink-0 items-center justify-center rounded-md align-middle text-muted hover:bg-subtle hover:text-fg'
      }
    >
      {copied ? <Check className="size-3.5 text-success" aria-hidden="true" /> : <Copy className="size-3.5" aria-hidden="true" />}
      {showLabel && (copied ? 'Copied' : `Copy ${label.toLowerCase()}`)}
    </button>
  );
}

/** A reference in monospace with its copy button, or `missing` when there is none yet. */
export function CopyableValue({
  value,
  label,
  missing,
  className,
}: {
  value: string | null;
  label: string;
  missing: string;
  className?: string;
}) {
  if (!value) return missing;
  return (
    <>
      <span className={cn('font-mono text-xs', className)}>{value}</span>
      <CopyButton value={value} label={label} />
    </>
  );
}
