import type { DashboardSummary } from '@hopbox/contracts/dashboard';
import { Camera, type LucideIcon, PackageOpen, Send, TrendingDown, TrendingUp, Truck } from 'lucide-react';
import { StatSummary, StatTile } from '@/components/stat-tile';
import { cn } from '@/lib/cn';
import { useDashboardSummary } from '../api/get-dashboard-summary';

interface StatDefinition {
  key: Exclude<keyof DashboardSummary, 'readyToPay' | 'readyToPayShipmentId'>;
  label: string;
  icon: LucideIcon;
  to: string;
  /** SPEC.md: the percent change 'from last month' is a fixed figure. */
  change: number;
}

const STATS: readonly StatDefinition[] = [
  { key: 'receivedPackages', label: 'Received Packages', icon: PackageOpen, to: '/received-packages', change: 12.5 },
  { key: 'shipmentsInProgress', label: 'Shipments in Progress', icon: Truck, to: '/shipments-progress', change: 4.2 },
  { key: 'sentShipments', label: 'Sent Shipments', icon: Send, to: '/sent-shipment', change: 18.7 },
  { key: 'photoRequests', label: 'Photo Requests', icon: Camera, to: '/photo-requests', change: -3.1 },
];

export function StatCards() {
  const summary = useDashboardSummary();
  return (
    <StatSummary label="Summary" query={summary}>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {STATS.map(({ key, label, icon: Icon, to, change }) => {
          const up = change >= 0;
          const Trend = up ? TrendingUp : TrendingDown;
          return (
            <StatTile
              key={key}
              to={to}
              label={label}
              icon={Icon}
              value={summary.data?.[key]}
              loading={summary.isPending}
              compact
              footer={
                <>
                  <span className={cn('inline-flex items-center gap-1 font-medium', up ? 'text-success' : 'text-danger')}>
                    <Trend className="size-3.5" aria-hidden="true" />
                    {up ? '+' : '−'}
                    {Math.abs(change)}%
                  </span>
                  from last month
                </>
              }
            />
          );
        })}
      </ul>
    </StatSummary>
  );
}
