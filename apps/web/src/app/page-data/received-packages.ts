import { receivedPackagesQuery } from '@/features/packages/api/get-received-packages';
import { parseListParams } from '@/lib/list-params';
import { prefetchWhenSignedIn } from '@/lib/query-client';

/** The list page the address names (its page, size and search), as the page will ask for it. */
export const prefetchPageData = (url: URL) => {
  const { page, pageSize, q } = parseListParams(url.searchParams);
  return prefetchWhenSignedIn((client) => void client.prefetchQuery(receivedPackagesQuery({ page, pageSize, q })));
};
