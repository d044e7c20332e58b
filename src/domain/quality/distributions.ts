import { roundTo } from '../market/adjust';

/**
 * An implemented distribution of a stock on its ex-date: cash per share before tax and the new shares per share
 * (bonus plus transfer). Rights issues are not distributions here: Tushare's `dividend` leaves them out.
 */
export interface Distribution {
  exDate: string;
  cash: number;
  shares: number;
  /** A fund's (`fund_div`): every unit takes part, a fund holds none of its own. */
  fund?: true;
}

/**
 * The ex-reference price a distribution sets (SSE Trading Rules 3.4.19, SZSE Trading Rules 4.4.2):
 * (previous close − cash per share) ÷ (1 + new shares per share), the rights term left out with the rights issues.
 */
export const exReferencePrice = (previousClose: number, { cash, shares }: Distribution): number =>
  (previousClose - cash) / (1 + shares);

/** The least part of a distribution the shares entitled to it can be: treasury shares are at most a tenth. */
const LEAST_ENTITLED = 0.9;

/**
 * The pre_closes an ex-date may show: from the ex-reference price of the distribution as announced up to that of
 * nine tenths of it, each rounded to the tick. Repurchased shares a company holds take no part in a distribution,
 * and the exchanges compute the reference from it spread over every share (虚拟分派: the distribution × the shares
 * entitled ÷ all shares; SSE and SZSE self-regulatory guidelines on share repurchases of 2022-01-07, SSE No. 7, SZSE
 * No. 9); a company may hold at most a tenth of its shares (Company Law art. 142, 2018 revision; art. 162 from
 * 2024-07-01). A fund's is its announced distribution's alone.
 */
export function exReferenceRange(previousClose: number, distribution: Distribution, decimals: number) {
  const entitled = distribution.fund ? 1 : LEAST_ENTITLED;
  const least = { ...distribution, cash: distribution.cash * entitled, shares: distribution.shares * entitled };
  return {
    low: roundTo(exReferencePrice(previousClose, distribution), decimals),
    high: roundTo(exReferencePrice(previousClose, least), decimals),
  };
}

/**
 * A security's distributions by the session they act on: an ex-date inside a suspension acts on the first traded day
 * after it (its pre_close is the ex-reference price); two on one session add up.
 */
export function distributionsBySession(
  distributions: readonly Distribution[],
  sessions: readonly string[],
): Map<string, Distribution> {
  const bySession = new Map<string, Distribution>();
  // Both in date order: one walk over the sessions for all of them (a security has some 4,000 bars).
  let at = 0;
  for (const distribution of [...distributions].sort((a, b) => a.exDate.localeCompare(b.exDate))) {
    while (at < sessions.length && sessions[at]! < distribution.exDate) at++;
    const session = sessions[at];
    if (session === undefined) continue;
    const held = bySession.get(session);
    bySession.set(
      session,
      held === undefined
        ? distribution
        : { ...held, cash: held.cash + distribution.cash, shares: held.shares + distribution.shares },
    );
  }
  return bySession;
}
