import type { Address } from '@hopbox/contracts/addresses';
import { type CarrierOption, transitWords } from '@hopbox/contracts/carrier-options';
import { packageTotals } from '@hopbox/contracts/package-totals';
import type { Package } from '@hopbox/contracts/packages';
import { DetailItem } from '@/components/detail-list';
import { formatWeight } from '@/lib/format';
import { addressLines, useCustomerName } from './address-step';

/** Step 3: what will be shipped where, before paying (one package) or creating the consolidation. */
export function ConfirmStep({
  packages,
  address,
  notes,
  option,
}: {
  packages: Package[];
  address: Address;
  notes: string;
  /** The carrier option chosen (decision 070); null before the price is known. */
  option: CarrierOption | null;
}) {
  const totals = packageTotals(packages);
  const customerName = useCustomerName();
  return (
    <dl className="grid gap-x-6 gap-y-4 rounded-xl border border-line p-4 sm:grid-cols-2 sm:p-5">
      <DetailItem label={packages.length === 1 ? 'Package' : `Packages (${packages.length})`}>
        <span className="flex flex-wrap gap-1.5">
          {packages.map((p) => (
            <span key={p.id} className="rounded-md bg-subtle px-2 py-0.5 font-mono text-xs">
              {p.hopboxId}
            </span>
          ))}
        </span>
      </DetailItem>
      <DetailItem label="Shipment type">
        {packages.length === 1 ? 'Single package, paid now' : 'Consolidated shipment, paid when ready'}
      </DetailItem>
      <DetailItem label="From">{packages[0]?.origin}</DetailItem>
      <DetailItem label="To">
        <span className="font-medium">{address.label}</span>
        {addressLines(address, customerName).map((line) => (
          <span key={line} className="block text-muted">
            {line}
          </span>
        ))}
      </DetailItem>
      <DetailItem label="Total weight">{formatWeight(totals.weight)}</DetailItem>
      <DetailItem label="Pieces">{totals.pieces}</DetailItem>
      <DetailItem label="Notes">{notes.trim() || 'None'}</DetailItem>
      <DetailItem label="Service">{option ? `${option.name}, ${transitWords(option.transitDays)}` : 'Chosen with the price'}</DetailItem>
    </dl>
  );
}
