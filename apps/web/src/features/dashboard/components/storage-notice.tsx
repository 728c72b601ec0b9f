import { CircleAlert, type LucideIcon, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { useDashboardSummary } from '../api/get-dashboard-summary';
import { type StorageNoticeTone, storageNoticeText } from '../storage-notice-text';

interface ToneStyle {
  icon: LucideIcon;
  box: string;
  iconClass: string;
  title: string;
  text: string;
  link: string;
}

const TONES: Record<StorageNoticeTone, ToneStyle> = {
  accruing: {
    icon: CircleAlert,
    box: 'border-red-300 bg-red-50 dark:border-red-400/30 dark:bg-red-400/10',
    iconClass: 'text-red-600 dark:text-red-300',
    title: 'text-red-900 dark:text-red-100',
    text: 'text-red-800 dark:text-red-200',
    link: 'text-red-900 hover:bg-red-100 dark:text-red-100 dark:hover:bg-red-400/15',
  },
  ending: {
    icon: TriangleAlert,
    box: 'border-amber-300 bg-amber-50 dark:border-amber-400/30 dark:bg-amber-400/10',
    iconClass: 'text-amber-600 dark:text-amber-300',
    title: 'text-amber-900 dark:text-amber-100',
    text: 'text-amber-800 dark:text-amber-200',
    link: 'text-amber-900 hover:bg-amber-100 dark:text-amber-100 dark:hover:bg-amber-400/15',
  },
};

function Notice({ tone, count, withinDays }: { tone: StorageNoticeTone; count: number; withinDays: number }) {
  const style = TONES[tone];
  const Icon = style.icon;
  const text = storageNoticeText(tone, count, withinDays);
  return (
    <div
      className={cn('flex flex-col gap-3 rounded-xl border px-4 py-3.5 sm:flex-row sm:items-center sm:justify-between sm:px-5', style.box)}
    >
      <div className="flex min-w-0 items-start gap-3">
        <Icon className={cn('mt-0.5 size-5 shrink-0', style.iconClass)} aria-hidden="true" />
        <div className="min-w-0">
          <p className={cn('font-semibold', style.title)}>{text.title}</p>
          <p className={cn('mt-0.5 text-sm', style.text)}>{text.detail}</p>
        </div>
      </div>
      <Link
        to="/received-packages"
        className={cn(
          'ml-5 shrink-0 self-start rounded-lg px-3 py-1.5 text-sm font-semibold sm:ml-0 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:self-auto',
          style.link,
        )}
      >
        View Received Packages
        <span className="sr-only"> ({tone === 'accruing' ? 'accruing storage fees' : 'free storage ending'})</span>
      </Link>
    </div>
  );
}

/** The dashboard's word on storage: how many locker packages accrue fees, and whose free storage ends soon. */
export function StorageNotice() {
  const summary = useDashboardSummary();
  const storage = summary.data?.storage;
  if (!storage || storage.accruing + storage.endingSoon === 0) return null;
  return (
    <section aria-label="Storage" className="space-y-3">
      {storage.accruing > 0 && <Notice tone="accruing" count={storage.accruing} withinDays={storage.withinDays} />}
      {storage.endingSoon > 0 && <Notice tone="ending" count={storage.endingSoon} withinDays={storage.withinDays} />}
    </section>
  );
}
