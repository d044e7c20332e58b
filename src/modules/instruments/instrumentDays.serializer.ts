import type { components } from '../../../generated/api';
import { lots } from '../../domain/market/adjust';
import { ok } from '../../http/envelope';
import type { ConvertibleDay, ConvertibleTermsAnswer, FundDay } from './instruments.types';

type Schemas = components['schemas'];

export function toConvertibleCrossSection(date: string, rows: readonly ConvertibleDay[]) {
  return ok({
    date,
    securities: rows.map((row): Schemas['ConvertibleDay'] => ({
      symbol: row.ts_code,
      name: row.name,
      underlying: row.stk_code,
      underlying_name: row.stk_name,
      close: row.close,
      pct_change: row.pct_chg,
      volume: lots(row.vol),
      amount: row.amount,
      underlying_close: row.stk_close,
      conversion_price: row.conversion_price,
      conversion_value: row.conversion_value,
      conversion_premium: row.conversion_premium,
      remain_size: row.remain_size,
      maturity_date: row.maturity_date,
    })),
  });
}

export function toFundCrossSection(date: string, rows: readonly FundDay[]) {
  return ok({
    date,
    securities: rows.map((row): Schemas['FundDay'] => ({
      symbol: row.ts_code,
      name: row.name,
      close: row.close,
      pct_change: row.pct_chg,
      volume: lots(row.vol),
      amount: row.amount,
      nav: row.nav,
      nav_ann_date: row.nav_ann_date,
      nav_premium: row.nav_premium,
      fd_share: row.fd_share,
    })),
  });
}

/** A convertible's terms as the contract writes them: changes and calls newest first, the latest call's state. */
export function toConvertibleTerms({ terms, changes, calls, conversionPrice }: ConvertibleTermsAnswer) {
  return ok<Schemas['ConvertibleTerms']>({
    symbol: terms.ts_code,
    name: terms.name,
    underlying: terms.stk_code,
    underlying_name: terms.stk_name,
    list_date: terms.list_date,
    delist_date: terms.delist_date,
    maturity_date: terms.maturity_date,
    maturity: terms.maturity,
    par: terms.par,
    issue_size: terms.issue_size,
    remain_size: terms.remain_size,
    coupon_rate: terms.coupon_rate,
    conv_start_date: terms.conv_start_date,
    conv_end_date: terms.conv_end_date,
    conv_stop_date: terms.conv_stop_date,
    first_conversion_price: terms.first_conv_price,
    conversion_price: conversionPrice,
    conversion_price_changes: [...changes].reverse().map((change) => ({
      effective_date: change.date,
      publish_date: change.published,
      before: change.before,
      after: change.after,
    })),
    call_state: calls[0]?.is_call ?? null,
    calls: calls.map(({ is_call: state, ...call }) => ({ ...call, state })),
    call_clause: terms.call_clause,
    put_clause: terms.put_clause,
    reset_clause: terms.reset_clause,
  });
}
