/**
 * The rows of `billing`: what its repositories return and its services compute, typed once here so that its
 * serializer shapes them without importing either.
 */
export interface InvoiceRow {
  id: number;
  plan_id: string;
  previous_plan_id: string | null;
  amount_cents: number;
  currency: string;
  period_start: string;
  period_end: string;
  created_at: string;
}
