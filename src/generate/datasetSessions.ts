import { csvFileOf } from '../catalogue/apiDescriptor';
import { API } from '../catalogue/apiCatalogue';
import { join } from 'node:path';
import { fnv1a } from '../domain/api/fnv1a';
import { tushareFieldsOf, type DemoStock } from '../domain/tables/datasetDescriptor';
import { DATASET_DESCRIPTORS } from '../domain/tables/datasetDescriptors';
import { CsvWriter } from './csvWriter';
import type { GeneratedBar } from './dailyStep';
import { Random } from './random';

/** A synthetic day of a demo stock: its compact day and its bar (Tushare `daily` units: lots, thousand yuan). */
export type DayBar = GeneratedBar & { day: string };

/** What the datasets' demo rules know of a demo stock beside its bars: all invented but the names. */
type DemoProfile = Pick<DemoStock, 'name' | 'industry' | 'shares' | 'connectCode' | 'holders'>;

const DEMO_STOCKS: Record<string, DemoProfile> = {
  '000001.SZ': {
    name: '平安银行',
    industry: '银行',
    shares: 19_405_918_198,
    connectCode: '70001',
    holders: [
      ['中国平安保险(集团)股份有限公司-集团本级-自有资金', '一般法人', 49.56],
      ['香港中央结算有限公司', '境外法人', 4.12],
      ['中国证券金融股份有限公司', '一般法人', 2.28],
    ],
  },
  '600519.SH': {
    name: '贵州茅台',
    industry: '白酒',
    shares: 1_256_197_800,
    connectCode: '90519',
    holders: [
      ['中国贵州茅台酒厂(集团)有限责任公司', '国有法人', 54.07],
      ['香港中央结算有限公司', '境外法人', 6.92],
      ['贵州省国有资本运营有限责任公司', '国有法人', 4.54],
    ],
  },
  '300750.SZ': {
    name: '宁德时代',
    industry: '电池',
    shares: 4_402_000_000,
    connectCode: '70750',
    holders: [
      ['厦门瑞庭投资有限公司', '一般法人', 23.27],
      ['曾毓群', '自然人', 11.76],
      ['香港中央结算有限公司', '境外法人', 11.03],
    ],
  },
};

/** Each demo stock's Tonghuashun boards. */
const BOARDS: Record<string, string[]> = {
  '000001.SZ': ['881155.TI', '885905.TI'],
  '600519.SH': ['885338.TI'],
  '300750.SZ': ['885710.TI', '885905.TI'],
};

const BOARD_NAMES: Record<string, string> = {
  '881155.TI': '银行',
  '885905.TI': '互联网金融',
  '885338.TI': '白酒概念',
  '885710.TI': '锂电池',
};

/**
 * Synthetic, clearly not real, rows of the demo stocks beside their bars: every dataset's rows from its
 * descriptor's demo rule (src/domain/tables/marketDemoRules.ts and the descriptors), each stock handed its
 * generated bars with the day's price limit, and the Tonghuashun boards (ths_index, ths_member) of the stocks.
 * Returns rows per file.
 */
export async function writeDatasetSessions(
  out: string,
  series: [string, DayBar[]][],
  bandOf: (tsCode: string, day: string) => number,
  today: string,
  random: Random,
): Promise<Record<string, number>> {
  const writers = new Map<string, CsvWriter>();
  const csv = (file: string, columns: string[]) => {
    const writer = new CsvWriter(join(out, file), columns);
    writers.set(file, writer);
    return writer;
  };
  const draws = { between: (min: number, max: number) => random.between(min, max), normal: () => random.normal() };
  const stocks: DemoStock[] = series.map(([tsCode, bars]) => ({
    tsCode,
    ...DEMO_STOCKS[tsCode]!,
    bars: bars.map((bar) => ({ ...bar, limit: bandOf(tsCode, bar.day) })),
    sessions: bars.map((bar) => bar.day),
    today,
    ...draws,
    randomOf: (key) => new Random(fnv1a(`${tsCode} ${key}`)),
  }));
  const days = [...new Set(stocks.flatMap((stock) => stock.sessions))].sort();
  for (const descriptor of DATASET_DESCRIPTORS) {
    if (!descriptor.demo && !descriptor.marketDemo) continue;
    const file = csv(csvFileOf(descriptor), tushareFieldsOf(descriptor));
    const rows = descriptor.marketDemo
      ? descriptor.marketDemo({ days, ...draws })
      : stocks.flatMap((stock) => descriptor.demo!(stock));
    for (const row of rows) await file.writeRecord(row);
  }
  await writeBoards(csv, series);
  const rows: Record<string, number> = {};
  for (const [file, writer] of writers) rows[file] = await writer.close();
  return rows;
}

/** Tonghuashun's boards of the demo stocks and their members (ths_index, ths_member). */
async function writeBoards(csv: (file: string, columns: string[]) => CsvWriter, series: [string, DayBar[]][]) {
  const boards = csv(csvFileOf(API.ths_index), ['ts_code', 'name', 'count', 'exchange', 'list_date', 'type']);
  const members = csv(csvFileOf(API.ths_member), [
    'ts_code',
    'con_code',
    'con_name',
    'weight',
    'in_date',
    'out_date',
    'is_new',
  ]);
  for (const [tsCode] of series)
    for (const code of BOARDS[tsCode]!) await members.write([code, tsCode, DEMO_STOCKS[tsCode]!.name, '', '', '', 'Y']);
  for (const [code, name] of Object.entries(BOARD_NAMES)) {
    await boards.write([
      code,
      name,
      series.filter(([tsCode]) => BOARDS[tsCode]!.includes(code)).length,
      'A',
      '',
      code === '881155.TI' ? 'I' : 'N',
    ]);
  }
}
