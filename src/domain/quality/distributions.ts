/**
 * An implemented distribution of a stock on its ex-date: cash per share before tax and the new shares per share
 * (bonus plus transfer). Rights issues are not distributions here: Tushare's `dividend` leaves them out.
 */
export interface Distribution {
  exDate: string;
  cash: number;
  shares: number;
}

/**
 * The ex-reference price a distribution sets (SSE Trading Rules 3.4.19, SZSE Trading Rules 4.4.2):
 * (previous close − cash per share) ÷ (1 + new shares per share), the rights term left out with the rights issues.
 */
export const exReferencePrice = (previousClose: number, { cash, shares }: Distribution): number =>
  (previousClose - cash) / (1 + shares);

/**
 * A stock's distributions by the session they act on: an ex-date inside a suspension acts on the first traded day
 * after it (its pre_close is the ex-reference price); two on one session add up.
 */
export function distributionsBySession(
  distributions: readonly Distribution[],
  sessions: readonly string[],
): Map<string, Distribution> {
  const bySession = new Map<string, Distribution>();
  for (const distribution of distributions) {
    const session = sessions.find((day) => day >= distribution.exDate);
    if (session === undefined) continue;
    const held = bySession.get(session);
    bySession.set(
      session,
      held === undefined
        ? distribution
        : { exDate: held.exDate, cash: held.cash + distribution.cash, shares: held.shares + distribution.shares },
    );
  }
  return bySession;
}
