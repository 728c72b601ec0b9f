// The query lives in lib: the warehouse console reads the active hosts too (the receiving origin).
export { activeHostsQuery, useActiveHosts } from '@/lib/active-hosts';
