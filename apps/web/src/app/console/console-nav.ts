import {
  Boxes,
  Camera,
  CreditCard,
  Layers,
  LayoutDashboard,
  LifeBuoy,
  ListChecks,
  MailX,
  PackagePlus,
  PackageSearch,
  PlaneTakeoff,
  ShieldAlert,
  Warehouse,
  Wrench,
} from 'lucide-react';
import { type NavItem, PROFILE_NAV_ITEM } from '../layout/nav-item';

/** The warehouse console's menu, for staff and admin accounts. */
export const STAFF_NAV_ITEMS: readonly NavItem[] = [
  { label: 'Overview', to: '/staff', icon: LayoutDashboard, keywords: 'home dashboard warehouse console today counts', end: true },
  { label: 'Receive', to: '/staff/receive', icon: PackagePlus, keywords: 'receive new package parcel arrived locker label print barcode' },
  { label: 'Packages', to: '/staff/packages', icon: Boxes, keywords: 'packages search lockers customers tracking hopbox id audit' },
  {
    label: 'Unidentified',
    to: '/staff/unidentified',
    icon: PackageSearch,
    keywords: 'unidentified no suite number unknown owner assign claim pre-alert queue',
  },
  { label: 'Photo Requests', to: '/staff/photo-requests', icon: Camera, keywords: 'photos queue upload pictures take complete reject' },
  {
    label: 'Package Requests',
    to: '/staff/package-requests',
    icon: Wrench,
    keywords: 'package requests services repack remove packaging split return to sender discard queue',
  },
  {
    label: 'Claims',
    to: '/staff/claims',
    icon: ShieldAlert,
    keywords: 'claims lost damaged missing wrong weight refund credit',
  },
  { label: 'Consolidations', to: '/staff/consolidations', icon: Layers, keywords: 'consolidated shipments ready to ship pack combine' },
  { label: 'Dispatch', to: '/staff/dispatch', icon: PlaneTakeoff, keywords: 'dispatch awb shipped delivered processed paid shipments' },
  { label: 'Payments', to: '/staff/payments', icon: CreditCard, keywords: 'refunds card money attention' },
  { label: 'Support', to: '/staff/support', icon: LifeBuoy, keywords: 'help questions answer messages' },
  { label: 'Hosts', to: '/staff/hosts', icon: Warehouse, keywords: 'hosts warehouses locations addresses admin', adminOnly: true },
  { label: 'Mail', to: '/staff/mail', icon: MailX, keywords: 'failed mail email notifications retry outbox admin', adminOnly: true },
  {
    label: 'Jobs',
    to: '/staff/jobs',
    icon: ListChecks,
    keywords: 'background jobs schedule housekeeping reconciliation tracking reminders worker errors admin',
    adminOnly: true,
  },
  PROFILE_NAV_ITEM,
];
