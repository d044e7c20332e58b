import { currencyOf } from '../../domain/reference/currency';
import type { components } from '../../../generated/api';
import type { SearchableSecurity } from '../../domain/reference/securitySearch';
import type { StockRow } from './stocks.types';
import type { MissingFields, NoneMissing } from '../../domain/api/fields';

/** Every field `fields` can select; `requested_symbol` is added when the request named an old code. */
export type Stock = Required<Omit<components['schemas']['Stock'], 'requested_symbol'>>;
export type SearchResultItem = components['schemas']['SearchResultItem'];

export const STOCK_FIELDS = [
  'symbol',
  'name',
  'exchange',
  'exchange_name',
  'currency',
  'industry',
  'subindustry',
  'industry_classification',
  'listing_date',
  'delisting_date',
  'status',
  'market_cap',
  'circulating_market_cap',
  'issued_shares',
  'circulating_shares',
  'par_value',
  'description',
  'website',
  'region',
  'address',
  'chairman',
  'general_manager',
  'secretary',
  'established_date',
  'registered_capital',
  'organization_code',
  'business_scope',
] as const satisfies readonly (keyof Stock)[];

export type StockFieldsComplete = NoneMissing<MissingFields<Stock, typeof STOCK_FIELDS>>;

const EXCHANGE_NAMES = {
  SSE: '上海证券交易所',
  SZSE: '深圳证券交易所',
  BSE: '北京证券交易所',
  SW: '申万宏源研究',
  CSI: '中证指数有限公司',
} as const;
const STATUS_NAMES: Record<string, Stock['status']> = { L: '上市', P: '暂停', D: '退市' };

export function toStock(row: StockRow): Stock {
  return {
    symbol: row.ts_code,
    name: row.name,
    exchange: row.exchange,
    exchange_name: EXCHANGE_NAMES[row.exchange],
    currency: currencyOf(row.ts_code),
    industry: row.industry,
    subindustry: row.subindustry,
    industry_classification: row.industry_classification,
    listing_date: row.list_date,
    delisting_date: row.delist_date,
    status: STATUS_NAMES[row.list_status] ?? '上市',
    market_cap: row.total_mv,
    circulating_market_cap: row.circ_mv,
    issued_shares: row.total_share,
    circulating_shares: row.float_share,
    par_value: row.par_value,
    description: row.introduction,
    website: row.website,
    region: row.area,
    address: row.office,
    chairman: row.chairman,
    general_manager: row.manager,
    secretary: row.secretary,
    established_date: row.setup_date,
    registered_capital: row.reg_capital === null ? null : Number(row.reg_capital),
    organization_code: row.organization_code,
    business_scope: row.business_scope,
  };
}

export function toSearchResultItem(row: SearchableSecurity): SearchResultItem {
  return {
    symbol: row.symbol,
    name: row.name,
    exchange: row.exchange,
    standard_symbol: row.ts_code,
    industry: row.industry,
    industry_classification: row.industry_classification,
  };
}
