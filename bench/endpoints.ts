// Every list and summary a customer or the warehouse opens, as the bench asks for them. `{locker}` is the measured
// customer's locker.
export interface Endpoint {
  label: string;
  as: 'customer' | 'staff';
  path: string;
}
const q = encodeURIComponent('Content 42');
export const LISTS: Endpoint[] = [
  { label: 'Received packages, first page', as: 'customer', path: '/api/user/received-packages?page=1&pageSize=10' },
  {
    label: `Received packages, page 250 of 500`,
    as: 'customer',
    path: '/api/user/received-packages?page=250&pageSize=10',
  },
  { label: 'Received packages, search', as: 'customer', path: `/api/user/received-packages?page=1&pageSize=10&q=${q}` },
  { label: 'Shipments Progress', as: 'customer', path: '/api/user/shipments/consolidated' },
  { label: 'Sent Shipments', as: 'customer', path: '/api/user/shipments/sent?page=1&pageSize=10' },
  { label: 'Sent Shipments, search', as: 'customer', path: '/api/user/shipments/sent?page=1&pageSize=10&q=Delivered' },
  { label: 'Photo Requests', as: 'customer', path: '/api/user/photo-requests?page=1&pageSize=10' },
  { label: 'Dashboard summary', as: 'customer', path: '/api/user/dashboard' },
  { label: 'Header search', as: 'customer', path: `/api/user/search?q=${q}` },
  { label: 'Staff Packages, unfiltered', as: 'staff', path: '/api/staff/packages?page=1&pageSize=20' },
  { label: 'Staff Packages, one locker', as: 'staff', path: `/api/staff/packages?page=1&pageSize=20&lockerNumber={locker}` },
  { label: 'Staff Packages, search', as: 'staff', path: `/api/staff/packages?page=1&pageSize=20&q=${q}` },
  { label: 'Staff shipments, Shipped', as: 'staff', path: '/api/staff/shipments?status=Shipped&page=1&pageSize=20' },
  { label: 'Staff shipments, Delivered, page 400', as: 'staff', path: '/api/staff/shipments?status=Delivered&page=400&pageSize=20' },
  { label: 'Staff shipments, awaiting dispatch', as: 'staff', path: '/api/staff/shipments?status=awaiting-dispatch&page=1&pageSize=20' },
  { label: 'Staff shipments, consolidating', as: 'staff', path: '/api/staff/shipments?status=consolidating&page=1&pageSize=20' },
  { label: 'Photo queue, open requests', as: 'staff', path: '/api/staff/photo-requests?status=PENDING,IN_PROGRESS&page=1&pageSize=20' },
  { label: 'Photo queue, every status', as: 'staff', path: '/api/staff/photo-requests?page=1&pageSize=20' },
  { label: 'Photo queue, every status, page 1000', as: 'staff', path: '/api/staff/photo-requests?page=1000&pageSize=20' },
  { label: 'Unidentified queue', as: 'staff', path: '/api/staff/unidentified-packages?page=1&pageSize=20' },
  { label: 'Payments', as: 'staff', path: '/api/staff/payments?page=1&pageSize=20' },
];
