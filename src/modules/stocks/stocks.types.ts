import type { Listing } from '../../domain/reference/symbols';
import type { IndustryClassification } from '../../domain/reference/industryClassification';

/**
 * The rows of `stocks`: what its repositories return and its services compute, typed once here so that its
 * serializer shapes them without importing either.
 */
export interface StockRow extends SecurityRow, ProfileColumns {
  industry_classification: IndustryClassification | null;
  total_mv: number | null;
  circ_mv: number | null;
  total_share: number | null;
  float_share: number | null;
}

export interface SecurityRow {
  ts_code: string;
  symbol: string;
  kind: string;
  name: string;
  exchange: Listing;
  industry: string | null;
  subindustry: string | null;
  area: string | null;
  list_date: string | null;
  delist_date: string | null;
  list_status: string;
  par_value: number | null;
  organization_code: string | null;
}

/** The company_profiles columns basic-info shows (Tushare `stock_company`); null without a profile. */
export interface ProfileColumns {
  introduction: string | null;
  website: string | null;
  office: string | null;
  chairman: string | null;
  manager: string | null;
  secretary: string | null;
  setup_date: string | null;
  reg_capital: number | null;
  business_scope: string | null;
}
