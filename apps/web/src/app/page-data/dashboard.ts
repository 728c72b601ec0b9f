import { dashboardSummaryQuery } from '@/features/dashboard/api/get-dashboard-summary';
import { activeHostsQuery } from '@/features/hosts/api/get-active-hosts';
import { prefetchWhenSignedIn } from '@/lib/query-client';

/** The dashboard's counts and the hosts' addresses. */
export const prefetchPageData = () =>
  prefetchWhenSignedIn((client) => {
    void client.prefetchQuery(dashboardSummaryQuery);
    void client.prefetchQuery(activeHostsQuery);
  });
