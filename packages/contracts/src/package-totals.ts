// No zod here: Received Packages sums its selection with these, and its page loads no schema library.

/** What the price of a shipment reads from each of its packages. */
export interface PricedPackage {
  origin: string;
  quantity: number;
  packageWeight: number;
  packageLength: number;
  packageBreadth: number;
  packageHeight: number;
}

/** Weights and dimensions to the gram and the hundredth of a millimetre: 0.1 + 0.2 kg is 0.3 kg. */
export const roundWeight = (v: number) => Math.round(v * 1000) / 1000;

export const sumOf = (pkgs: readonly PricedPackage[], pick: (p: PricedPackage) => number) =>
  pkgs.reduce((total, p) => total + (Number(pick(p)) || 0), 0);

/** The packages' totals (SPEC.md section 9 sums them for the price); never fewer than one piece. */
export function packageTotals(pkgs: readonly PricedPackage[]) {
  return {
    weight: roundWeight(sumOf(pkgs, (p) => p.packageWeight)),
    length: roundWeight(sumOf(pkgs, (p) => p.packageLength)),
    breadth: roundWeight(sumOf(pkgs, (p) => p.packageBreadth)),
    height: roundWeight(sumOf(pkgs, (p) => p.packageHeight)),
    pieces: Math.max(
      1,
      sumOf(pkgs, (p) => p.quantity),
    ),
  };
}
