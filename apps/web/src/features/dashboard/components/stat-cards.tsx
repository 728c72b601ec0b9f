import type { DashboardCard, MonthTrend } from '@hopbox/contracts/dashboard';
import { trendLine } from '@hopbox/contracts/trends';
import { Camera, type LucideIcon, Minus, PackageOpen, Send, Sparkles, TrendingDown, TrendingUp, Truck } from 'lucide-react';
import { StatSummary, StatTile } from '@/components/stat-tile';
import { useDashboardSummary } from '../api/get-dashboard-summary';
import { trendDetail, trendWords } from '../trend-words';

interface StatDefinition {
  key: DashboardCard;
  label: string;
  icon: LucideIcon;
  to: string;
}

const STATS: readonly StatDefinition[] = [
  { key: 'receivedPackages', label: 'Received Packages', icon: PackageOpen, to: '/received-packages' },
  { key: 'shipmentsInProgress', label: 'Shipments in Progress', icon: Truck, to: '/shipments-progress' },
  { key: 'sentShipments', label: 'Sent Shipments', icon: Send, to: '/sent-shipment' },
  { key: 'photoRequests', label: 'Photo Requests', icon: Camera, to: '/photo-requests' },
];

/**
 * Decision 031: the month's activity against last month's, in units, from the customer's own data;
 * nothing when both months are empty. Neutral colours: more parcels is not better, fewer not worse.
 */
function TrendFooter({ trend }: { trend: MonthTrend | undefined }) {
  const line = trend ? trendLine(trend) : { kind: 'none' as const };
  const words = trendWords(line);
  if (!trend || !words) return null;
  const Icon =
    line.kind === 'new' ? Sparkles : line.kind === 'change' && line.delta !== 0 ? (line.delta > 0 ? TrendingUp : TrendingDown) : Minus;
  return (
    <span title={trendDetail(trend)} className="inline-flex flex-wrap items-center gap-x-1">
      <Icon className="size-3.5 text-accent" aria-hidden="true" />
      <span className="font-medium text-fg tabular-nums">{words.strong}</span> {words.rest}
    </span>
  );
}

export function StatCards() {
  const summary = useDashboardSummary();
  return (
    <StatSummary label="Summary" query={summary}>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {STATS.map(({ key, label, icon, to }) => (
          <StatTile
            key={key}
            to={to}
            label={label}
            icon={icon}
            value={summary.data?.[key]}
            loading={summary.isPending}
            compact
            footer={<TrendFooter trend={summary.data?.trends[key]} />}
          />
        ))}
      </ul>
    </StatSummary>
  );
}
