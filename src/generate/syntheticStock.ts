/** A synthetic stock as the generator tracks it from day to day. */
export interface SyntheticStock {
  tsCode: string;
  listIndex: number;
  close: number;
  adjFactor: number;
  suspendedUntil: number;
  exDayOfYear: Map<number, number>;
}
