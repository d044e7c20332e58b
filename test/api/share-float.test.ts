import { expect } from 'chai';
import { pageOf } from '../support/pagination';
import { useSharedFixture } from '../support/fixture';
import { mcpClient, textOf } from '../support/mcpClient';
import { csvItems } from '../support/sampleRequests';
import { dataapi } from '../support/dataapi';

/** The dataset added through its descriptor alone (src/domain/tables/datasetDescriptors.ts, SHARE_FLOATS). */
describe('share_float: restricted shares unlocking on /v1, /dataapi and MCP', () => {
  const api = useSharedFixture();
  const moutai = { symbol: '600519.SH', name: '贵州茅台' };
  const unlock = (
    float_date: string,
    ann_date: string,
    float_share: number,
    float_ratio: number,
    holder_name: string,
    share_type: string,
  ) => ({ ...moutai, float_date, ann_date, float_share, float_ratio, holder_name, share_type });
  const june = unlock('2024-06-17', '2024-06-11', 1256197, 0.1, '示例资产管理有限公司', '定向增发机构配售股份');
  const january = (ann: string, share: number, ratio: number) =>
    unlock('2025-01-06', ann, share, ratio, '示例投资有限公司', '首发原股东限售股份');

  it('one stock over time, point in time: an unlock shows from its announcement, a restatement replaces it from its own, the year either side of as_of', async () => {
    const { status, body } = await api.get('/v1/events/share-float?symbol=600519&as_of=2024-12-31');
    expect(status, JSON.stringify(body)).to.equal(200);
    expect(body).to.deep.equal({
      code: 200,
      message: 'success',
      pagination: pageOf(1, 3, 1000),
      data: [
        january('2024-12-20', 12561978, 1),
        unlock('2025-01-06', '2024-12-20', 2512395, 0.2, '示例员工持股计划', '股权激励限售股份'),
        june,
      ],
    });
    const restated = await api.get('/v1/events/share-float?symbol=600519.SH&as_of=2025-01-10');
    expect(restated.body.data).to.deep.equal([january('2025-01-02', 11305780, 0.9), june]);
    const before = await api.get('/v1/events/share-float?symbol=sh.600519&as_of=2024-12-19');
    expect(before.body.data).to.deep.equal([june]);
    const bounded = await api.get(
      '/v1/events/share-float?symbol=600519&as_of=2025-01-10&begin_date=2025-01-01&end_date=2025-01-31',
    );
    expect(bounded.body.data).to.deep.equal([january('2025-01-02', 11305780, 0.9)]);
  });

  it('the whole market of an unlock day, by symbol and the largest first', async () => {
    const { status, body } = await api.get('/v1/events/share-float?float_date=2024-12-31&as_of=2025-01-01');
    expect(status, JSON.stringify(body)).to.equal(200);
    const pingAn = { symbol: '000001.SZ', name: '平安银行', float_date: '2024-12-31', ann_date: '2024-12-24' };
    expect(body.data).to.deep.equal([
      {
        ...pingAn,
        float_share: 97029591,
        float_ratio: 0.5,
        holder_name: '示例投资有限公司',
        share_type: '定向增发机构配售股份',
      },
      {
        ...pingAn,
        float_share: 19405918,
        float_ratio: 0.1,
        holder_name: '示例投资有限公司',
        share_type: '股权激励限售股份',
      },
    ]);
  });

  it('neither symbol nor float_date → 400 missing_parameter; nothing announced by as_of → 404 no_data naming the window', async () => {
    const neither = await api.get('/v1/events/share-float?begin_date=2024-01-01');
    expect([neither.status, neither.body]).to.deep.equal([
      400,
      {
        code: 400,
        message: 'Give symbol (one security over time), float_date (the whole market of one day), or both',
        error: 'missing_parameter',
      },
    ]);
    const bad = await api.get('/v1/events/share-float?float_date=2024-13-01');
    expect([bad.status, bad.body.error]).to.deep.equal([400, 'invalid_date_format']);
    const empty = await api.get('/v1/events/share-float?symbol=600519&as_of=2024-06-10');
    expect([empty.status, empty.body]).to.deep.equal([
      404,
      {
        code: 404,
        message:
          'No share floats of 600519.SH for float dates between 2023-06-11 and 2025-06-10 announced by 2024-06-10',
        error: 'no_data',
      },
    ]);
  });

  it('/dataapi share_float reads back every announced version of the CSV rows, in Tushare’s order and units', async () => {
    const { code, data } = await dataapi(api.baseUrl, api.key, 'share_float', { ts_code: '600519.SH' });
    const { fields, items } = csvItems('share_float.csv');
    // Newest unlock first, then by code, the latest announcement first, the largest first.
    const [june, first, plan, restated] = items.slice(0, 4);
    expect([code, data]).to.deep.equal([0, { fields, items: [restated, first, plan, june], has_more: false }]);
    const window = await fetch(`${api.baseUrl}/dataapi/share_float`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: api.key, params: { start_date: '20241201', end_date: '20241231' } }),
    });
    expect((await window.json()).data.items).to.deep.equal(items.slice(4));
  });

  it('MCP: get_disclosures answers one stock’s unlocks of a day (`day`, its float_date) in the reply', async () => {
    const client = await mcpClient(api.baseUrl, api.key);
    try {
      const one = await client.callTool({
        name: 'get_disclosures',
        arguments: { dataset: 'share_float', symbol: '000001', day: '20241231', as_of: '2025-01-01' },
      });
      expect(textOf(one).split('\n').slice(0, 3)).to.deep.equal([
        'symbol,name,float_date,ann_date,float_share,float_ratio,holder_name,share_type',
        '000001.SZ,平安银行,2024-12-31,2024-12-24,97029591,0.5,示例投资有限公司,定向增发机构配售股份',
        '000001.SZ,平安银行,2024-12-31,2024-12-24,19405918,0.1,示例投资有限公司,股权激励限售股份',
      ]);
    } finally {
      await client.close();
    }
  });
});
