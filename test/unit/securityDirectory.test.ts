import { expect } from 'chai';
import { kindByCode, SecurityDirectory } from '../../src/domain/reference/securityDirectory';

describe('SecurityDirectory', () => {
  // Given out of order, as a store may return them: 000022.SZ was renamed twice, and 000999.SZ (absent from the list) once.
  const directory = new SecurityDirectory(
    [
      { ts_code: '000022.SZ', name: '招商港口', kind: 'stock' },
      { ts_code: '000300.SH', name: '沪深300', kind: 'index' },
    ],
    [
      { ts_code: '000022.SZ', start_date: '2018-12-26', name: '招商港口' },
      { ts_code: '000999.SZ', start_date: '2010-01-04', name: '华润三九' },
      { ts_code: '000022.SZ', start_date: '1993-05-05', name: '深赤湾A' },
    ],
  );

  it('names a security by its latest name change started by the day, else by its name now', () => {
    expect(
      ['1993-05-04', '1993-05-05', '2018-12-25', '2018-12-26', '2025-04-03'].map((day) =>
        directory.nameOn('000022.SZ', day),
      ),
    ).to.deep.equal(['招商港口', '深赤湾A', '深赤湾A', '招商港口', '招商港口']);
    expect(directory.nameOn('000300.SH', '2025-04-03')).to.equal('沪深300');
  });

  it('names a security the list lacks by its name changes only, else not at all', () => {
    expect([
      directory.nameOn('000999.SZ', '2009-12-31'),
      directory.nameOn('000999.SZ', '2010-01-04'),
      directory.nameOn('600000.SH', '2025-04-03'),
    ]).to.deep.equal([null, '华润三九', null]);
    expect([directory.has('000022.SZ'), directory.has('000999.SZ')]).to.deep.equal([true, false]);
  });

  it('takes the kind of the reference row, else of the code', () => {
    expect(
      ['000022.SZ', '000300.SH', '000016.SH', '399006.SZ', '000016.SZ', '600000.SH'].map((code) =>
        directory.kindOf(code),
      ),
    ).to.deep.equal(['stock', 'index', 'index', 'index', 'stock', 'stock']);
    expect(kindByCode('399001.SH')).to.equal('stock');
    expect(
      ['510300.SH', '159919.SZ', '113050.SH', '123107.SZ', '510300.SZ', '159919.SH'].map(kindByCode),
    ).to.deep.equal(['etf', 'etf', 'convertible', 'convertible', 'stock', 'stock']);
  });

  it('names and kinds a former code by its security under the later code (838163.BJ became 920163.BJ)', () => {
    const bse = new SecurityDirectory(
      [{ ts_code: '920163.BJ', name: '方大新材', kind: 'stock' }],
      [],
      [{ old_code: '838163.BJ', new_code: '920163.BJ' }],
    );
    expect([bse.nameOn('838163.BJ', '2025-04-03'), bse.kindOf('838163.BJ'), bse.has('838163.BJ')]).to.deep.equal([
      '方大新材',
      'stock',
      false,
    ]);
  });

  it('answers a former code under the latest successor the list holds, else under itself (839680.BJ: its 920 code unknown)', () => {
    const bse = new SecurityDirectory(
      [{ ts_code: '920163.BJ', name: '方大新材', kind: 'stock' }],
      [],
      [
        { old_code: '838163.BJ', new_code: '920163.BJ' },
        { old_code: '839680.BJ', new_code: '920680.BJ' },
      ],
    );
    expect(['838163.BJ', '839680.BJ', '920163.BJ', '600000.SH'].map((code) => bse.currentCode(code))).to.deep.equal([
      '920163.BJ',
      '839680.BJ',
      '920163.BJ',
      '600000.SH',
    ]);
  });
});
