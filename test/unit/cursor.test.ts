import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { readCursor, signCursor } from '../../src/domain/api/cursor';
import { AppError } from '../../src/domain/api/errors';

const SECRET = 'test-secret-0123456789';

function expectInvalid(cursor: string, secret = SECRET) {
  try {
    readCursor(cursor, secret);
  } catch (err) {
    expect(err).to.be.instanceOf(AppError);
    expect((err as AppError).code).to.equal('invalid_cursor');
    expect((err as AppError).status).to.equal(400);
    return;
  }
  expect.fail(`cursor ${cursor} was accepted`);
}

describe('domain/cursor', () => {
  const payload = { s: '000001.SZ', d: '2024-12-31', t: '2024-12-31 09:30:01', q: 2 };

  it('round-trips its payload', () => {
    expect(readCursor(signCursor(payload, SECRET), SECRET)).to.deep.equal(payload);
  });

  it('is opaque: no readable field names or values', () => {
    const cursor = signCursor(payload, SECRET);
    expect(cursor).to.match(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(cursor).not.to.contain('000001');
  });

  it('rejects a changed body, a changed signature, another secret and garbage', () => {
    const cursor = signCursor(payload, SECRET);
    const [body, signature] = cursor.split('.');
    const forged = Buffer.from(JSON.stringify({ ...payload, q: 999 })).toString('base64url');
    expectInvalid(`${forged}.${signature}`);
    expectInvalid(`${body}.${signature!.slice(0, -2)}AA`);
    expectInvalid(cursor, 'another-secret-0123456');
    expectInvalid('garbage');
    expectInvalid(`${cursor}.extra`);
    expectInvalid(`.${signature}`);
  });

  it('rejects a correctly signed body that is not JSON', () => {
    const body = Buffer.from('not json').toString('base64url');
    const sign = createHmac('sha256', SECRET).update(body).digest().subarray(0, 16).toString('base64url');
    expectInvalid(`${body}.${sign}`);
  });
});
