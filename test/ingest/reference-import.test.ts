import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { importBundle } from '../../src/ingest/bundle';
import { IngestError } from '../../src/ingest/ingestError';
import { rejectionLines, type LoadResult } from '../../src/loaders/loaderTypes';
import { useTestDb } from '../support/testDb';
import { csv, snapshot, writeBundle } from './support/bundle';

const FIXTURES = fileURLToPath(new URL('../fixtures/reference/', import.meta.url));
const TABLES = [
  'code_changes',
  'name_changes',
  'trading_halts',
  'dividends',
  'announcements',
  'company_profiles',
  'index_weights',
  'industry_classes',
  'industry_members',
  'disclosure_dates',
];

describe('import of the reference and event tables', () => {
  const testDb = useTestDb({ each: true });

  const snapshots = async () => Promise.all(TABLES.map((table) => snapshot(testDb.db, table)));

  it('loads every table, and a second import changes nothing', async () => {
    await importBundle(testDb.db, FIXTURES);
    await importBundle(testDb.db, `${FIXTURES}sw/`);
    const first = await snapshots();
    expect(first.map((rows) => rows.length)).to.deep.equal([2, 3, 6, 8, 10, 1, 600, 3, 4, 3]);
    await importBundle(testDb.db, FIXTURES);
    await importBundle(testDb.db, `${FIXTURES}sw/`);
    expect(await snapshots()).to.deep.equal(first);
  });

  it('a name sent again without its end date (tushare #895) keeps the stored end date', async () => {
    const header = 'ts_code,name,start_date,end_date,ann_date,change_reason';
    const ended = writeBundle({ 'namechange.csv': csv(header, '000005.SZ,世纪星源,20080625,20210505,,撤销ST') });
    const again = writeBundle({ 'namechange.csv': csv(header, '000005.SZ,世纪星源,20080625,,20080620,撤销ST') });
    try {
      await importBundle(testDb.db, ended.dir);
      await importBundle(testDb.db, again.dir);
    } finally {
      ended.remove();
      again.remove();
    }
    expect(
      await testDb.db('name_changes').where({ ts_code: '000005.SZ' }).select('start_date', 'end_date', 'ann_date'),
    ).to.deep.equal([{ start_date: '2008-06-25', end_date: '2021-05-05', ann_date: '2008-06-20' }]);
  });

  it('a dividend stage stored with a higher update_flag is not replaced by an older correction', async () => {
    const header = 'ts_code,end_date,ann_date,div_proc,cash_div,update_flag';
    const newer = writeBundle({ 'dividend.csv': csv(header, '600519.SH,20231231,20240613,实施,30.876,1') });
    const older = writeBundle({
      'dividend.csv': csv(header, '600519.SH,20231231,20240613,实施,30,0', '600519.SH,20241231,20250410,预案,27.673,0'),
    });
    try {
      await importBundle(testDb.db, newer.dir);
      await importBundle(testDb.db, older.dir);
    } finally {
      newer.remove();
      older.remove();
    }
    expect(
      await testDb.db('dividends').orderBy('end_date').select('end_date', 'div_proc', 'cash_div', 'update_flag'),
    ).to.deep.equal([
      { end_date: '2023-12-31', div_proc: '实施', cash_div: 30.876, update_flag: 1 },
      { end_date: '2024-12-31', div_proc: '预案', cash_div: 27.673, update_flag: 0 },
    ]);
  });

  const refusals: Array<[string, string, RegExp]> = [
    [
      'suspend_d.csv',
      csv('ts_code,trade_date,suspend_type', '000001.SZ,20240219,X'),
      /suspend_d\.csv:2: suspend_type must be S or R: X/,
    ],
    [
      'code_change.csv',
      csv('old_code,new_code,change_date,reason', '000022.SZ,000022.SZ,20181226,'),
      /code_change\.csv:2: old_code and new_code are the same: 000022\.SZ/,
    ],
    [
      'code_change.csv',
      csv('old_code,new_code,change_date', '000022,001872.SZ,20181226'),
      /code_change\.csv:2: invalid old_code: 000022/,
    ],
    [
      'anns.csv',
      csv('ann_date,ts_code,title,rec_time', '20240403,600519.SH,年度报告,2024-04-02T19:35'),
      /anns\.csv:2: rec_time must be YYYY-MM-DD HH:MM:SS/,
    ],
    ['anns.csv', csv('ann_date,ts_code,name', '20240403,600519.SH,贵州茅台'), /anns\.csv:1: missing column title/],
    [
      'index_classify.csv',
      csv('index_code,industry_name,level,industry_code', '801120.SI,食品饮料,L4,340000'),
      /index_classify\.csv:2: level must be L1, L2 or L3: L4/,
    ],
    [
      'index_member_all.csv',
      csv(
        'l1_code,l1_name,l2_code,l2_name,l3_code,l3_name,ts_code,in_date,out_date,is_new',
        '801120.SI,食品饮料,801125.SI,白酒Ⅱ,850111.SI,白酒Ⅲ,600809.SH,20200101,20140221,N',
      ),
      /index_member_all\.csv:2: out_date 2014-02-21 is before in_date 2020-01-01/,
    ],
    [
      'stock_company.csv',
      csv('ts_code,reg_capital', '600519.SH,lots'),
      /stock_company\.csv:2: not a number in column reg_capital/,
    ],
    [
      'disclosure_date.csv',
      csv('ts_code,end_date,pre_date', '600519.SH,20231231,20240231'),
      /disclosure_date\.csv:2: invalid date in column pre_date: 20240231/,
    ],
  ];
  for (const [file, content, pattern] of refusals) {
    it(`refuses ${file} or its bad row with a clear reason: ${pattern.source.slice(0, 40)}…`, async () => {
      const before = await snapshots();
      const bundle = writeBundle({ [file]: content });
      try {
        const outcome = await importBundle(testDb.db, bundle.dir).catch((err: unknown) => err);
        const reason =
          outcome instanceof IngestError
            ? outcome.message
            : (outcome as LoadResult[]).flatMap(rejectionLines).join('\n');
        expect(reason).to.match(pattern);
      } finally {
        bundle.remove();
      }
      expect(await snapshots()).to.deep.equal(before);
    });
  }
});
