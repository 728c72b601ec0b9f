import { useActiveHosts } from '@/lib/active-hosts';
import { receivingOriginOf } from '../receive-rules';

/** The origin a package received here most likely has (decision 027); see receivingOriginOf. */
export function useReceivingOrigin(): string {
  return receivingOriginOf(useActiveHosts().data);
}
