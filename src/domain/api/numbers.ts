/** Rounds half away from zero to `decimals` places; null stays null. */
export function roundTo(value: number | null, decimals: number): number | null {
  if (value === null) return null;
  const factor = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * factor)) / factor;
}

/** Money sums are kept to the fen; ratios and percentages to 4 places. */
export const roundMoney = (value: number | null) => roundTo(value, 2);
export const roundRatio = (value: number | null) => roundTo(value, 4);
