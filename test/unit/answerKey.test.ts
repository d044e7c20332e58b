import { expect } from 'chai';
import { answerKey } from '../../src/http/answers/answerKey';

describe('domain/answerKey: an answer stored and found under its operation and query', () => {
  it('sorts the parameters, writes symbols in standard form and leaves out the key and unset parameters', () => {
    expect(
      answerKey('getDaily', {
        symbol: 'sh.600519,000001',
        adjusted: true,
        api_key: 'ak_x',
        begin_date: undefined,
        limit: 5,
      }),
    ).to.equal('getDaily?adjusted=true&limit=5&symbol=600519.SH,000001.SZ');
  });

  it('asks the same for the three symbol formats, and differently for another operation, order or a trailing comma', () => {
    const keys = ['600519', 'SH.600519', '600519.sh'].map((symbol) => answerKey('getDaily', { symbol }));
    expect(new Set(keys).size).to.equal(1);
    expect(answerKey('getKlines', { symbol: '600519' })).to.not.equal(keys[0]);
    expect(answerKey('getDaily', { symbol: '000001,600519' })).to.equal('getDaily?symbol=000001.SZ,600519.SH');
    expect(answerKey('getDaily', { symbol: '600519,' })).to.equal('getDaily?symbol=600519.SH,');
  });

  it('the same from the raw query of the warm path and the validated one of the handler; a known format left out, an unknown one kept', () => {
    const raw = answerKey('getDaily', { symbol: '600519', adjusted: 'false', limit: '5', format: 'csv' });
    expect(answerKey('getDaily', { symbol: '600519', adjusted: false, limit: 5 }))
      .to.equal(raw)
      .and.equal('getDaily?adjusted=false&limit=5&symbol=600519.SH');
    expect(answerKey('getDaily', { symbol: '600519', format: 'json' })).to.equal('getDaily?symbol=600519.SH');
    expect(answerKey('getDaily', { symbol: '600519', format: 'xlsx' })).to.equal(
      'getDaily?format=xlsx&symbol=600519.SH',
    );
  });

  it('keeps a malformed symbol as given (the handler refuses it before anything is stored) and joins lists', () => {
    expect(answerKey('getDaily', { symbol: 'bad!', fields: ['date', 'close'] })).to.equal(
      'getDaily?fields=date,close&symbol=bad!',
    );
  });
});
