import { expect } from 'chai';
import type { Request } from 'express';
import { canonicalUrl, matchesIfNoneMatch } from '../../src/http/responseCache';

describe('http/responseCache', () => {
  it('If-None-Match: weak comparison, lists and *', () => {
    expect(matchesIfNoneMatch('"abc"', '"abc"')).to.equal(true);
    expect(matchesIfNoneMatch('W/"abc"', '"abc"')).to.equal(true);
    expect(matchesIfNoneMatch('"x", "abc"', '"abc"')).to.equal(true);
    expect(matchesIfNoneMatch('*', '"abc"')).to.equal(true);
    expect(matchesIfNoneMatch('"abd"', '"abc"')).to.equal(false);
    expect(matchesIfNoneMatch(undefined, '"abc"')).to.equal(false);
  });

  it('the canonical URL sorts the parameters and leaves the API key out', () => {
    const request = (originalUrl: string) => ({ originalUrl, path: originalUrl.split('?')[0] }) as Request;
    expect(canonicalUrl(request('/v1/market/daily?symbol=000001&api_key=secret&adjusted=false'))).to.equal('/v1/market/daily?adjusted=false&symbol=000001');
    expect(canonicalUrl(request('/v1/market/daily?adjusted=false&symbol=000001'))).to.equal('/v1/market/daily?adjusted=false&symbol=000001');
    expect(canonicalUrl(request('/v1/market/daily'))).to.equal('/v1/market/daily?');
  });
});
