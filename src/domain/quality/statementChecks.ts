import { finding, type Finding } from './findings';

/** A stored balance sheet version: its key and the three totals of the identity, yuan. */
export interface BalanceSheetTotals {
  ts_code: string;
  end_date: string;
  report_type: number | string;
  f_ann_date: string;
  total_assets: number | null;
  total_liab: number | null;
  total_hldr_eqy_inc_min_int: number | null;
}

/** Reported totals are rounded by the company to the yuan at worst, and summed by it from rounded lines: 10 ppm. */
const RELATIVE = 1e-5;

/**
 * `balance_sheet_identity`: total assets = total liabilities + total equity (minority interests included), per
 * statement version (report type and announcement: the item), beyond rounding (1 yuan or 10 ppm of the assets).
 */
export function balanceSheetFindings(sheets: readonly BalanceSheetTotals[]): Finding[] {
  return sheets.flatMap((sheet) => {
    const { total_assets: assets, total_liab: liabilities, total_hldr_eqy_inc_min_int: equity } = sheet;
    if (assets === null || liabilities === null || equity === null) return [];
    const difference = assets - (liabilities + equity);
    const tolerance = Math.max(1, RELATIVE * Math.abs(assets));
    if (Math.abs(difference) <= tolerance) return [];
    return [
      finding(
        'balance_sheet_identity',
        sheet.ts_code,
        sheet.end_date,
        {
          total_assets: assets,
          total_liab: liabilities,
          total_hldr_eqy_inc_min_int: equity,
          difference: Math.round(difference * 100) / 100,
          tolerance: Math.round(tolerance * 100) / 100,
        },
        `${sheet.report_type} ${sheet.f_ann_date}`,
      ),
    ];
  });
}
