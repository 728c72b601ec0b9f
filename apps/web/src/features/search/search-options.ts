import type { PackageHit, SearchResults, ShipmentHit } from '@hopbox/contracts/search';

/** One line of the header search's results, whatever found it. */
export interface SearchOption {
  key: string;
  label: string;
  /** A second, quieter line: what the thing is. */
  detail?: string;
  to: string;
}

export interface SearchGroup<O extends SearchOption = SearchOption> {
  label: 'Pages' | 'Packages' | 'Shipments';
  options: O[];
}

const joinDetail = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');

/** A package by its Hopbox ID; its tracking number comes first when that is what matched (phones cut the line short). */
export function packageOption(hit: PackageHit, q = ''): SearchOption {
  const tracking = hit.externalTrackingNumber && `Tracking ${hit.externalTrackingNumber}`;
  const trackingMatched = q !== '' && Boolean(hit.externalTrackingNumber?.toLowerCase().includes(q.trim().toLowerCase()));
  const where = hit.shipmentId && `In ${hit.shipmentId}`;
  return {
    key: `package:${hit.hopboxId}`,
    label: hit.hopboxId,
    detail: trackingMatched
      ? joinDetail(tracking, hit.shipper, hit.packageContent, where)
      : joinDetail(hit.shipper, hit.packageContent, tracking, where),
    to: hit.to,
  };
}

/** A consolidation still open says so; a shipment on its way gives its status and AWB. */
export function shipmentOption(hit: ShipmentHit): SearchOption {
  const stage = hit.shipmentStatus === 'Pending' && hit.isConsolidated ? 'Consolidation in progress' : hit.shipmentStatus;
  return {
    key: `shipment:${hit.shipmentId}`,
    label: hit.shipmentId,
    detail: joinDetail(stage, hit.awb && `AWB ${hit.awb}`),
    to: hit.to,
  };
}

/** The API's answer as the palette's groups after the pages; empty groups are left out. */
export function resultGroups(results: SearchResults | undefined, q = ''): SearchGroup[] {
  if (!results) return [];
  const groups: SearchGroup[] = [
    { label: 'Packages', options: results.packages.map((hit) => packageOption(hit, q)) },
    { label: 'Shipments', options: results.shipments.map(shipmentOption) },
  ];
  return groups.filter((group) => group.options.length > 0);
}

/** The options in keyboard order, each with its group: arrows walk across groups. */
export function flattenGroups<O extends SearchOption>(groups: SearchGroup<O>[]): O[] {
  return groups.flatMap((group) => group.options);
}
