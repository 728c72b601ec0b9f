import { describe, expect, it } from 'vitest';
import { flattenGroups, packageOption, resultGroups, shipmentOption } from './search-options';

const pkg = {
  hopboxId: 'HBX1001',
  externalTrackingNumber: '1Z999',
  shipper: 'Amazon',
  packageContent: 'Books',
  shipmentId: null,
  leftAs: null,
  to: '/received-packages?q=HBX1001',
};
const shipment = { shipmentId: 'SHP2001', awb: null, shipmentStatus: 'Pending', isConsolidated: true, to: '/shipments-progress?q=SHP2001' };

describe('header search options', () => {
  it('names a package by its Hopbox ID, with shipper, content, tracking number and its shipment', () => {
    expect(packageOption(pkg)).toEqual({
      key: 'package:HBX1001',
      label: 'HBX1001',
      detail: 'Amazon · Books · Tracking 1Z999',
      to: '/received-packages?q=HBX1001',
    });
    expect(packageOption({ ...pkg, externalTrackingNumber: null, shipmentId: 'SHP7' }).detail).toBe('Amazon · Books · In SHP7');
    // Found by its tracking number: that comes first, where a narrow screen still shows it.
    expect(packageOption(pkg, ' 1z99 ').detail).toBe('Tracking 1Z999 · Amazon · Books');
    expect(packageOption(pkg, 'HBX10').detail).toBe('Amazon · Books · Tracking 1Z999');
  });

  it('says a consolidation is in progress, and a sent shipment its status and AWB', () => {
    expect(shipmentOption(shipment).detail).toBe('Consolidation in progress');
    expect(shipmentOption({ ...shipment, shipmentStatus: 'Shipped', awb: '1234567890' }).detail).toBe('Shipped · AWB 1234567890');
  });

  it('leaves out empty groups and walks the rest in order', () => {
    expect(resultGroups(undefined)).toEqual([]);
    const groups = resultGroups({ packages: [], shipments: [shipment] });
    expect(groups.map((g) => g.label)).toEqual(['Shipments']);
    const both = resultGroups({ packages: [pkg], shipments: [shipment] });
    expect(flattenGroups(both).map((o) => o.label)).toEqual(['HBX1001', 'SHP2001']);
  });
});
