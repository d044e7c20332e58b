import { createHmac, timingSafeEqual } from 'node:crypto';
import { invalidCursor } from './errors';

const cursorNotOurs = () => invalidCursor('Invalid cursor: pass the cursor of the previous response unchanged');

const mac = (body: string, secret: string) => createHmac('sha256', secret).update(body).digest().subarray(0, 16);

/** An opaque, tamper-evident cursor: base64url(JSON) + '.' + base64url(HMAC-SHA256, 128 bits). */
export function signCursor(payload: object, secret: string): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(body, secret).toString('base64url')}`;
}

/** The payload of a cursor this service signed; anything else → 400 invalid_cursor. */
export function readCursor<T>(cursor: string, secret: string): T {
  const [body, signature, extra] = cursor.split('.');
  if (!body || !signature || extra !== undefined) throw cursorNotOurs();
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(body, secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw cursorNotOurs();
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
  } catch {
    throw cursorNotOurs();
  }
}
