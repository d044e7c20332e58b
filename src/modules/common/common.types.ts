import type { ListStatus } from '../../domain/reference/referenceCodes';

/**
 * The rows of `common`: what its repositories return and its services compute, typed once here so that its
 * serializer shapes them without importing either.
 */
export interface ListingRow {
  ts_code: string;
  name: string;
  list_date: string | null;
  delist_date: string | null;
  list_status: ListStatus;
}
