import { expect } from 'chai';
import { cnspellOf, loadPinyin } from '../../src/domain/reference/cnspell';
import { compactToIsoDate, isIsoDate, sqlDateTimeToIso, toSqlDateTime } from '../../src/domain/time/dates';
import * as errors from '../../src/domain/api/errors';
import { AppError, noData, notFound } from '../../src/domain/api/errors';
import { arrayRecordReader, parseFields, pickFields } from '../../src/domain/api/fields';
import { pageWindow, paginationOf } from '../../src/domain/api/pagination';

describe('domain/pagination', () => {
  it('defaults to page 1 of 20', () => {
    expect(pageWindow({})).to.deep.equal({ limit: 20, offset: 0 });
  });
  it('page counts from 1', () => {
    expect(pageWindow({ page: 3, limit: 10 })).to.deep.equal({ limit: 10, offset: 20 });
  });
  it('offset wins over page', () => {
    expect(pageWindow({ page: 3, offset: 5, limit: 10 })).to.deep.equal({ limit: 10, offset: 5 });
  });
  it('describes a middle page', () => {
    expect(paginationOf({ limit: 10, offset: 10 }, 25)).to.deep.equal({
      current_page: 2,
      total_pages: 3,
      total_items: 25,
      items_per_page: 10,
      has_next_page: true,
      has_prev_page: true,
    });
  });
  it('describes the last page and a page beyond it', () => {
    expect(paginationOf({ limit: 10, offset: 20 }, 25)).to.include({
      current_page: 3,
      has_next_page: false,
      has_prev_page: true,
    });
    expect(paginationOf({ limit: 10, offset: 90 }, 25)).to.include({
      current_page: 10,
      total_pages: 3,
      has_next_page: false,
    });
  });
  it('describes an empty list', () => {
    expect(paginationOf({ limit: 20, offset: 0 }, 0)).to.deep.equal({
      current_page: 1,
      total_pages: 0,
      total_items: 0,
      items_per_page: 20,
      has_next_page: false,
      has_prev_page: false,
    });
  });
  it('an offset inside a page names the page it falls in', () => {
    expect(paginationOf({ limit: 10, offset: 15 }, 100).current_page).to.equal(2);
  });
});

describe('domain/fields', () => {
  const allowed = ['symbol', 'name', 'exchange'] as const;
  it('all fields when absent', () => {
    expect(parseFields(undefined, allowed)).to.equal(allowed);
  });
  it('chosen fields in request order, de-duplicated and trimmed', () => {
    expect(parseFields('exchange, symbol,exchange', allowed)).to.deep.equal(['exchange', 'symbol']);
  });
  it('unknown names → invalid_field naming them', () => {
    expect(() => parseFields('symbol,price,', allowed))
      .to.throw(AppError, 'Unknown field: price, (empty)')
      .with.property('code', 'invalid_field');
  });
  it("arrayRecordReader: each field from its place, in the fields' order, null where the value is refused or missing", () => {
    const read = arrayRecordReader(
      ['close', 'code', 'pe'],
      [2, 0, 3],
      (value): value is string | number => value !== null && value !== undefined,
    );
    const day = read(['600519.SH', 'ignored', 1524.5, null]);
    expect(Object.entries(day)).to.deep.equal([
      ['close', 1524.5],
      ['code', '600519.SH'],
      ['pe', null],
    ]);
    expect(read(['000001.SZ'])).to.deep.equal({ close: null, code: '000001.SZ', pe: null });
  });
  it('pickFields keeps only the chosen keys in order', () => {
    expect(Object.keys(pickFields({ symbol: 'a', name: 'b', exchange: 'c' }, ['exchange', 'symbol']))).to.deep.equal([
      'exchange',
      'symbol',
    ]);
  });
});

describe('domain/dates', () => {
  it('isIsoDate accepts real days only', () => {
    expect(isIsoDate('2024-02-29')).to.equal(true);
    expect(isIsoDate('2023-02-29')).to.equal(false);
    expect(isIsoDate('2024-13-01')).to.equal(false);
    expect(isIsoDate('2024-1-01')).to.equal(false);
    expect(isIsoDate('20240101')).to.equal(false);
  });
  it('compactToIsoDate converts Tushare dates and refuses impossible ones', () => {
    expect(compactToIsoDate('20240628')).to.equal('2024-06-28');
    expect(compactToIsoDate('20241301')).to.equal(null);
    expect(compactToIsoDate('20240230')).to.equal(null);
    expect(compactToIsoDate('2024-06-28')).to.equal(null);
  });
  it('DATETIME text round trip', () => {
    const instant = new Date('2026-11-21T06:30:05.123Z');
    expect(toSqlDateTime(instant)).to.equal('2026-11-21 06:30:05');
    expect(sqlDateTimeToIso('2026-11-21 06:30:05')).to.equal('2026-11-21T06:30:05Z');
    expect(sqlDateTimeToIso(null)).to.equal(null);
  });
});

describe('domain/cnspell', () => {
  before(loadPinyin);
  it('gives Tushare-style pinyin initials, polyphones included', () => {
    expect(cnspellOf('平安银行')).to.equal('PAYH');
    expect(cnspellOf('万科Ａ')).to.equal('WKA');
    expect(cnspellOf('*ST国华')).to.equal('*STGH');
    expect(cnspellOf('重庆啤酒')).to.equal('CQPJ');
    expect(cnspellOf('长江证券')).to.equal('CJZQ');
  });
});

describe('domain/errors', () => {
  it('helpers carry status and code', () => {
    expect(notFound('x')).to.include({ status: 404, code: 'not_found', message: 'x' });
    expect(noData('y')).to.include({ status: 404, code: 'no_data', message: 'y' });
  });

  it('every helper: its code, the HTTP status the contract gives it, and its default message', () => {
    const expected: Record<string, [string, number, string]> = {
      missingParameter: ['missing_parameter', 400, 'Missing required parameter'],
      invalidParameter: ['invalid_parameter', 400, 'Invalid parameter'],
      invalidSymbol: ['invalid_symbol', 400, 'Invalid symbol'],
      tooManySymbols: ['too_many_symbols', 400, 'Too many symbols'],
      invalidField: ['invalid_field', 400, 'Unknown field'],
      invalidDateFormat: ['invalid_date_format', 400, 'Invalid date'],
      dateRangeTooLarge: ['date_range_too_large', 400, 'Date range too large'],
      invalidCursor: ['invalid_cursor', 400, 'Invalid cursor'],
      invalidKey: ['invalid_key', 401, 'Unauthorized: Invalid API key'],
      invalidToken: ['invalid_token', 401, 'Unauthorized: Invalid or expired session'],
      invalidCredentials: ['invalid_credentials', 401, 'Invalid email or password'],
      insufficientPermissions: ['insufficient_permissions', 403, 'Forbidden: Insufficient permissions'],
      notFound: ['not_found', 404, 'Not found'],
      noData: ['no_data', 404, 'No data'],
      methodNotAllowed: ['method_not_allowed', 405, 'Method not allowed'],
      emailTaken: ['email_taken', 409, 'Email already registered'],
      keyLimitReached: ['key_limit_reached', 409, 'The account holds the most API keys it may'],
      payloadTooLarge: ['payload_too_large', 413, 'Request body too large'],
      unsupportedMediaType: ['unsupported_media_type', 415, 'Unsupported content type'],
      rangeNotSatisfiable: ['range_not_satisfiable', 416, 'Range not satisfiable'],
      rateLimitExceeded: ['rate_limit_exceeded', 429, 'Rate limit exceeded'],
      internalError: ['internal_error', 500, 'Internal server error'],
      serviceUnavailable: ['service_unavailable', 503, 'Service unavailable, retry later'],
    };
    const helpers = Object.entries(errors).filter(([name]) => name !== 'AppError') as [
      string,
      (message?: string) => AppError,
    ][];
    expect(helpers.map(([name]) => name).sort()).to.deep.equal(Object.keys(expected).sort());
    for (const [name, helper] of helpers) {
      const [code, status, message] = expected[name]!;
      expect(helper(), name).to.be.instanceOf(AppError).and.include({ code, status, message });
    }
  });
});
