import { canMove, PACKAGE_REQUEST_LIFECYCLE, type PackageRequestStatus } from '@hopbox/contracts/lifecycles';
import { formatMoney } from '@hopbox/contracts/money';
import { PACKAGE_REQUEST_LEAVES_LOCKER, type PackageRequest, type PackageRequestType } from '@hopbox/contracts/package-requests';
import { formatDimensions, formatKg } from '@/lib/format';

const sizeOf = (p: { packageWeight: number; packageLength: number; packageBreadth: number; packageHeight: number }) =>
  `${formatKg(p.packageWeight)}, ${formatDimensions(p.packageLength, p.packageBreadth, p.packageHeight)}`;

/**
 * The staff actions a request's status allows, read from PACKAGE_REQUEST_LIFECYCLE; a return or discard whose fee is
 * still due (`amountDue`, decision 068) can only be refused until the customer pays.
 */
export function staffActionsOf(status: PackageRequestStatus, amountDue = 0) {
  const paid = !(amountDue > 0);
  return {
    take: paid && canMove(PACKAGE_REQUEST_LIFECYCLE, status, 'IN_PROGRESS'),
    finish: paid && canMove(PACKAGE_REQUEST_LIFECYCLE, status, 'DONE'),
    refuse: canMove(PACKAGE_REQUEST_LIFECYCLE, status, 'REJECTED'),
  };
}

/** True while the request is open (it has a move left): the package waits for it. */
export const isOpen = (status: PackageRequestStatus) => PACKAGE_REQUEST_LIFECYCLE.transitions[status].length > 0;

/**
 * The steps a customer sees a request go through, and how far it got: refused ends the path instead of done; a
 * withdrawn one stops after Requested.
 */
export function progressOf(status: PackageRequestStatus): { label: string; state: 'done' | 'current' | 'todo' | 'refused' }[] {
  if (status === 'CANCELLED') {
    return [
      { label: 'Requested', state: 'done' },
      { label: 'Withdrawn', state: 'refused' },
    ];
  }
  const last = status === 'REJECTED' ? 'Refused' : 'Done';
  const reached = { REQUESTED: 0, IN_PROGRESS: 1, DONE: 2, REJECTED: 2 }[status];
  return ['Requested', 'In progress', last].map((label, i) => ({
    label,
    state:
      i < reached || (i === 2 && status === 'DONE') ? 'done' : i === reached ? (status === 'REJECTED' ? 'refused' : 'current') : 'todo',
  }));
}

/** True when asking for this service takes the package out of the locker once done: the customer confirms first. */
export const needsConfirmation = (type: PackageRequestType) => PACKAGE_REQUEST_LEAVES_LOCKER.includes(type);

/** A fee in words: "Free" when there is none. */
export const feeText = (fee: number, currency: string) => (fee > 0 ? formatMoney(fee, currency) : 'Free');

/** What the work produced, one line each; none before it is done, nor for a discard. */
export function resultLines(request: Pick<PackageRequest, 'result'>): string[] {
  const result = request.result;
  if (!result) return [];
  if ('parcels' in result) return result.parcels.map((p, i) => `${p.hopboxId ?? `Parcel ${i + 1}`}: ${p.packageContent}, ${sizeOf(p)}`);
  if ('carrier' in result) return [`Sent back with ${result.carrier}, tracking number ${result.trackingNumber}`];
  return [`New size: ${sizeOf(result)}`];
}
