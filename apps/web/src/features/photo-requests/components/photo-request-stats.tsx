import { CircleCheck, Clock, Images, type LucideIcon } from 'lucide-react';
import { Skeleton } from '@/components/skeleton';
import { StatSummary } from '@/components/stat-tile';
import { cn } from '@/lib/cn';
import { usePhotoRequestStats } from '../api/get-photo-request-stats';

const CARDS: { key: 'pending' | 'completed' | 'total'; label: string; icon: LucideIcon; iconClass: string }[] = [
  {
    key: 'pending',
    label: 'Pending',
    icon: Clock,
    iconClass: 'bg-yellow-50 text-yellow-700 dark:bg-yellow-400/10 dark:text-yellow-300',
  },
  {
    key: 'completed',
    label: 'Completed',
    icon: CircleCheck,
    iconClass: 'bg-green-50 text-green-700 dark:bg-green-400/10 dark:text-green-300',
  },
  { key: 'total', label: 'Total', icon: Images, iconClass: 'bg-accent-soft text-accent-fg' },
];

/** The Pending (with in progress), Completed and Total summary cards. */
export function PhotoRequestStats() {
  const stats = usePhotoRequestStats();
  return (
    <StatSummary label="Photo request summary" query={stats}>
      <dl className="grid grid-cols-3 gap-3 sm:gap-4">
        {/* Each card is one group of the list, its term and its value; the icon sits in the term, out of the flow. */}
        {CARDS.map(({ key, label, icon: Icon, iconClass }) => (
          <div key={key} className="relative rounded-xl border border-line bg-surface p-3.5 shadow-xs sm:p-5 sm:pr-17">
            <dt className="text-sm font-medium text-muted">
              {label}
              <span className={cn('absolute top-5 right-5 hidden size-10 items-center justify-center rounded-lg sm:flex', iconClass)}>
                <Icon className="size-5" aria-hidden="true" />
              </span>
            </dt>
            <dd className="mt-1.5 h-9">
              {stats.isPending ? (
                <Skeleton className="h-8 w-12" />
              ) : (
                <span className="text-2xl font-semibold tracking-tight text-fg tabular-nums sm:text-3xl">{stats.data?.[key] ?? '—'}</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </StatSummary>
  );
}
