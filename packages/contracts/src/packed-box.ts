// No zod here: the console and the Finish Shipment modal read packed boxes without the schema library.

/** A packed box as staff record it: weight in kg, sides in cm. */
export interface PackedBox {
  packedWeight: number;
  packedLength: number;
  packedBreadth: number;
  packedHeight: number;
}

type Measure = number | string | null | undefined;

/** The packed box as recorded (all four figures), or null while the consolidation is not packed. */
export function packedBoxOf(s: Record<keyof PackedBox, Measure>): PackedBox | null {
  const figures = [s.packedWeight, s.packedLength, s.packedBreadth, s.packedHeight];
  if (figures.some((v) => v === null || v === undefined)) return null;
  const [packedWeight, packedLength, packedBreadth, packedHeight] = figures.map(Number) as [number, number, number, number];
  return { packedWeight, packedLength, packedBreadth, packedHeight };
}

/** A box's size as people read it: "40 × 30 × 20" (cm, the unit said beside it). */
export const boxSizeText = (box: Pick<PackedBox, 'packedLength' | 'packedBreadth' | 'packedHeight'>) =>
  `${box.packedLength} × ${box.packedBreadth} × ${box.packedHeight}`;
