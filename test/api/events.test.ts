import { expect } from 'chai';
import { useSharedFixture } from '../support/fixture';
import { pageOf } from '../support/pagination';

const stage = (
  endDate: string,
  annDate: string,
  name: string,
  code: string,
  cash: [number, number],
  dates: [string, string, string] | null = null,
) => ({
  end_date: endDate,
  ann_date: annDate,
  stage: name,
  stage_code: code,
  cash_per_share_before_tax: cash[0],
  cash_per_share_after_tax: cash[1],
  bonus_shares_per_share: null,
  transfer_shares_per_share: null,
  record_date: dates?.[0] ?? null,
  ex_date: dates?.[1] ?? null,
  pay_date: dates?.[2] ?? null,
  list_date: null,
});

describe('event routes', () => {
  const api = useSharedFixture();

  describe('GET /v1/events/dividends', () => {
    // FY2023 of 600519.SH: the proposal (no ex-date yet), the approval, the implementation sent three times
    // (update_flag 0, 1, 0: the 1 stands, cash after tax 30.876); the FY2024 interim proposal.
    const moutai = [
      stage('2024-06-30', '2024-11-08', '预案', 'proposed', [23.882, 23.882]),
      stage(
        '2023-12-31',
        '2024-06-13',
        '实施',
        'implemented',
        [30.876, 30.876],
        ['2024-06-18', '2024-06-19', '2024-06-19'],
      ),
      stage('2023-12-31', '2024-05-30', '股东大会通过', 'approved', [30.876, 30.876]),
      stage('2023-12-31', '2024-04-03', '预案', 'proposed', [30.876, 30.876]),
    ];

    it('every stage once, newest announcement first, proposals without ex-date included', async () => {
      const { status, body } = await api.get('/v1/events/dividends?symbol=600519');
      expect(status).to.equal(200);
      expect(body).to.deep.equal({
        code: 200,
        message: 'success',
        data: { symbol: '600519.SH', name: '贵州茅台', dividends: moutai },
      });
    });

    it('a date range on the announcement or on the ex-date', async () => {
      const april = await api.get('/v1/events/dividends?symbol=600519.SH&begin_date=2024-04-01&end_date=2024-04-30');
      expect(april.body.data.dividends).to.deep.equal([moutai[3]]);
      const exDates = await api.get('/v1/events/dividends?symbol=600519.SH&begin_date=2024-01-01&date_field=ex_date');
      expect(exDates.body.data.dividends).to.deep.equal([moutai[1]]);
    });

    it('an old code answers for the current security; events copied onto the new code count once', async () => {
      const { body } = await api.get('/v1/events/dividends?symbol=000022,600519');
      expect(body.data).to.deep.equal([
        {
          symbol: '001872.SZ',
          requested_symbol: '000022.SZ',
          name: '招商港口',
          dividends: [
            stage(
              '2018-12-31',
              '2019-03-29',
              '实施',
              'implemented',
              [0.31, 0.31],
              ['2019-07-12', '2019-07-15', '2019-07-15'],
            ),
            stage(
              '2017-12-31',
              '2018-03-30',
              '实施',
              'implemented',
              [0.2, 0.2],
              ['2018-07-11', '2018-07-12', '2018-07-12'],
            ),
            {
              ...stage(
                '2016-12-31',
                '2017-04-05',
                '实施',
                'implemented',
                [0.15, 0.15],
                ['2017-07-05', '2017-07-06', '2017-07-06'],
              ),
              bonus_shares_per_share: 0.3,
              list_date: '2017-07-06',
            },
          ],
        },
        { symbol: '600519.SH', name: '贵州茅台', dividends: moutai },
      ]);
    });

    it('a security without dividends has an empty list', async () => {
      const { body } = await api.get('/v1/events/dividends?symbol=000003.SZ');
      expect(body.data).to.deep.equal({ symbol: '000003.SZ', name: 'PT金田A', dividends: [] });
    });

    it('errors', async () => {
      expect((await api.get('/v1/events/dividends?symbol=999999.SH')).body).to.deep.equal({
        code: 400,
        message: 'Unknown symbol: 999999.SH',
        error: 'invalid_symbol',
      });
      expect((await api.get('/v1/events/dividends?symbol=600519&begin_date=2024/01/01')).body.error).to.equal(
        'invalid_date_format',
      );
      expect((await api.get('/v1/events/dividends?symbol=600519&date_field=pay_date')).body.error).to.equal(
        'invalid_parameter',
      );
      expect((await api.get('/v1/events/dividends')).body.error).to.be.oneOf(['missing_parameter', 'invalid_symbol']);
    });
  });

  describe('GET /v1/events/announcements', () => {
    const moutai = (date: string, time: string | null, title: string, type: string, n: number) => ({
      symbol: '600519.SH',
      name: '贵州茅台',
      title,
      date,
      time,
      type,
      url: `http://static.cninfo.com.cn/finalpage/${date}/fixture-${n}.PDF`,
    });
    const all = [
      moutai('2024-08-10', '2024-08-09 20:00:00', '贵州茅台第四届董事会2024年第一次会议决议公告', 'other', 6),
      moutai('2024-08-09', null, '贵州茅台2024年半年度报告', 'semi_annual_report', 5),
      moutai('2024-04-27', '2024-04-26 18:00:00', '贵州茅台2024年第一季度报告', 'quarterly_report', 4),
      moutai('2024-04-03', '2024-04-02 19:36:01', '贵州茅台关于召开2023年年度股东大会的通知', 'shareholder_meeting', 3),
      moutai('2024-04-03', '2024-04-02 19:35:20', '贵州茅台2023年年度利润分配方案公告', 'dividend', 2),
      moutai('2024-04-03', '2024-04-02 19:35:12', '贵州茅台2023年年度报告', 'annual_report', 1),
    ];

    it('newest first, each classified from its title, the URL always given', async () => {
      const { status, body } = await api.get('/v1/events/announcements?symbol=600519');
      expect(status).to.equal(200);
      expect(body).to.deep.equal({ code: 200, message: 'success', data: all, pagination: pageOf(1, 6, 20) });
    });

    it('filters by type and date range', async () => {
      expect((await api.get('/v1/events/announcements?symbol=600519&type=annual_report')).body.data).to.deep.equal([
        all[5],
      ]);
      const april = await api.get('/v1/events/announcements?symbol=600519&begin_date=2024-04-03&end_date=2024-04-27');
      expect(april.body.data).to.deep.equal(all.slice(2));
    });

    it('offset wins over page; past the end is empty', async () => {
      const byOffset = await api.get('/v1/events/announcements?symbol=600519&limit=2&offset=3&page=1');
      expect(byOffset.body).to.deep.equal({
        code: 200,
        message: 'success',
        data: all.slice(3, 5),
        pagination: pageOf(2, 6, 2, 3),
      });
      const past = await api.get('/v1/events/announcements?symbol=600519&limit=2&page=4');
      expect(past.body).to.deep.equal({ code: 200, message: 'success', data: [], pagination: pageOf(4, 6, 2) });
    });

    it('an old code reads across the code change, an announcement copied onto the new code once', async () => {
      const { body } = await api.get('/v1/events/announcements?symbol=000022.SZ');
      expect(body.data).to.deep.equal([
        {
          symbol: '001872.SZ',
          name: '招商港口',
          title: '招商港口关于公司证券简称及证券代码变更的公告',
          date: '2018-12-26',
          time: '2018-12-25 20:00:00',
          type: 'other',
          url: 'http://static.cninfo.com.cn/finalpage/2018-12-26/fixture-8.PDF',
        },
        {
          symbol: '001872.SZ',
          name: '招商港口',
          title: '深赤湾A关于重大资产重组停牌的公告',
          date: '2018-06-01',
          time: '2018-05-31 20:00:00',
          type: 'major_restructuring',
          url: 'http://static.cninfo.com.cn/finalpage/2018-06-01/fixture-7.PDF',
        },
      ]);
      expect(body.pagination.total_items).to.equal(2);
    });

    it('announcements of delisted stocks stay', async () => {
      const { body } = await api.get('/v1/events/announcements?symbol=000003');
      expect(body.data).to.deep.equal([
        {
          symbol: '000003.SZ',
          name: 'PT金田A',
          title: 'PT金田A关于股票终止上市的公告',
          date: '2002-06-14',
          time: null,
          type: 'other',
          url: 'http://static.cninfo.com.cn/finalpage/2002-06-14/fixture-9.PDF',
        },
      ]);
    });

    it('errors', async () => {
      expect((await api.get('/v1/events/announcements?symbol=600519,000001')).body.error).to.equal('invalid_symbol');
      expect((await api.get('/v1/events/announcements?symbol=600519&type=rumour')).body.error).to.equal(
        'invalid_parameter',
      );
      expect((await api.get('/v1/events/announcements?symbol=600519&end_date=2024-02-30')).body.error).to.equal(
        'invalid_date_format',
      );
      expect((await api.get('/v1/events/announcements?symbol=600519&limit=0')).body.error).to.equal(
        'invalid_parameter',
      );
    });
  });
});
