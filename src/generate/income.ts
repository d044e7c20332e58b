import { CsvWriter } from './csvWriter';
import type { Random } from './random';
import type { SyntheticStock } from './syntheticStock';

const QUARTER_ENDS = ['0331', '0630', '0930', '1231'];
/** When each report is announced: Q1 in April, half-year in August, Q3 in October, annual next March. */
const ANNOUNCED = ['0425', '0825', '1025', '0328'];

/** Quarterly year-to-date income statements (Tushare `income`, yuan) announced within the day range. */
export async function writeIncome(
  path: string,
  stocks: SyntheticStock[],
  days: string[],
  random: Random,
): Promise<number> {
  const writer = new CsvWriter(path, [
    'ts_code',
    'ann_date',
    'f_ann_date',
    'end_date',
    'report_type',
    'comp_type',
    'end_type',
    'basic_eps',
    'total_revenue',
    'revenue',
    'oper_cost',
    'sell_exp',
    'admin_exp',
    'fin_exp',
    'operate_profit',
    'total_profit',
    'income_tax',
    'n_income',
    'n_income_attr_p',
    'minority_gain',
    'update_flag',
  ]);
  const firstYear = Number(days[0]!.slice(0, 4));
  const lastDay = days.at(-1)!;
  const money = (value: number) => Math.round(value * 100) / 100;
  for (const stock of stocks) {
    let quarterly = random.between(2e8, 5e9);
    const shares = random.between(5e8, 5e9);
    for (let year = firstYear; year <= Number(lastDay.slice(0, 4)); year++) {
      const ytd = { revenue: 0, cost: 0, expenses: 0 };
      for (const [q, end] of QUARTER_ENDS.entries()) {
        quarterly *= 1 + random.between(-0.05, 0.08);
        ytd.revenue += quarterly;
        ytd.cost += quarterly * random.between(0.5, 0.8);
        ytd.expenses += quarterly * random.between(0.05, 0.15);
        const announced = `${q === 3 ? year + 1 : year}${ANNOUNCED[q]}`;
        if (announced > lastDay || `${year}${end}` < days[stock.listIndex]!) continue;
        const profit = ytd.revenue - ytd.cost - ytd.expenses;
        const tax = Math.max(0, profit * 0.25);
        const net = profit - tax;
        await writer.write([
          stock.tsCode,
          announced,
          announced,
          `${year}${end}`,
          1,
          1,
          q + 1,
          money(net / shares),
          money(ytd.revenue),
          money(ytd.revenue),
          money(ytd.cost),
          money(ytd.expenses * 0.5),
          money(ytd.expenses * 0.4),
          money(ytd.expenses * 0.1),
          money(profit),
          money(profit),
          money(tax),
          money(net),
          money(net * 0.95),
          money(net * 0.05),
          1,
        ]);
      }
    }
  }
  return writer.close();
}
