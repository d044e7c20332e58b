/** Requests per minute of an enterprise account whose own limit is not set. */
export const ENTERPRISE_DEFAULT_RATE_LIMIT = 1000;

/** The plan's limit; for a plan without one (enterprise), the account's own limit or the default. */
export function effectiveRateLimit(planLimit: number | null, accountLimit: number | null): number {
  return planLimit ?? accountLimit ?? ENTERPRISE_DEFAULT_RATE_LIMIT;
}
