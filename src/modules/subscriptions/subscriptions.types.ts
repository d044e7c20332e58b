/**
 * The rows of `subscriptions`: what its repositories return and its services compute, typed once here so that its
 * serializer shapes them without importing either.
 */
/**
 * What accounts (registration) and billing (plan changes) share: plans, the account's plan and its invoices.
 * Neither module imports the other. The one repository that reads `plans`.
 */
export interface PlanRow {
  id: string;
  name: string;
  price_monthly_cents: number;
  rate_limit_per_minute: number | null;
  daily_delay_minutes: number;
  minute_delay_minutes: number;
  tick_access: boolean | number;
}
