import type { components } from '../../../generated/api';
import { lots } from '../../domain/market/adjust';
import { ok } from '../../http/envelope';
import type { ConvertibleDay, FundDay } from './market.types';

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
