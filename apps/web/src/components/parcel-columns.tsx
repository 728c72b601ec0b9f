import type { Column } from './data-table';

/** A parcel list's Shipper and Content columns; a card shows both on one line, the content first. */
export function shipperContentColumns<T>(shipperOf: (row: T) => string, contentOf: (row: T) => string): Column<T>[] {
  return [
    { id: 'shipper', header: 'Shipper', cell: shipperOf, cellClassName: 'max-w-44' },
    {
      id: 'content',
      header: 'Content',
      cell: contentOf,
      cellClassName: 'max-w-56',
      skeleton: 'h-4 w-32',
      card: {
        slot: 'line',
        render: (row) => (
          <>
            {contentOf(row)}
            <span className="text-muted"> · {shipperOf(row)}</span>
          </>
        ),
      },
    },
  ];
}
