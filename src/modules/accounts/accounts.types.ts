import type { SessionAccount } from '../../http/ports';

/**
 * The rows of `accounts`: what its repositories return and its services compute, typed once here so that its
 * serializer shapes them without importing either.
 */
/** An `accounts` row: the shape the session port hands to the HTTP layer. */
export type AccountRow = SessionAccount;

export interface ApiKeyRow {
  id: number;
  account_id: number;
  name: string;
  prefix: string;
  scopes: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
}
