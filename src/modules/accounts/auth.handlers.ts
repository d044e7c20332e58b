import type { Db } from '../../db/connection';
import { invalidCredentials } from '../../domain/api/errors';
import { ok } from '../../http/envelope';
import type { Handler } from '../../http/handler';
import { signedIn } from '../../http/auth';
import { findAccountByEmail } from './accounts.repository';
import { toUser } from './accounts.serializer';
import type { LoginThrottle } from './loginThrottle.service';
import { dummyPasswordHash, verifyPassword } from './passwords.service';
import { registerAccount } from './registration.service';
import {
  deleteExpiredSessions,
  deleteSession,
  endOldestSessions,
  insertSession,
  newSessionToken,
  SESSION_TTL_MS,
} from './sessions.repository';

export function authHandlers(db: Db, throttle: LoginThrottle) {
  void dummyPasswordHash(); // computed now, so the first unknown-email sign-in costs no more than the others
  const register: Handler<'register'> = async (req, res) => {
    const body = req.body;
    const email = body.email.trim().toLowerCase();
    await throttle.admitRegistration(res, req.ip ?? 'unknown');
    const account = await registerAccount(db, { email, name: body.name ?? null, password: body.password });
    res.status(201).json(ok(toUser(account)));
  };

  /** Unknown email and wrong password take the same path: one scrypt verification, the same 401. */
  const login: Handler<'login'> = async (req, res) => {
    const body = req.body;
    const email = body.email.trim().toLowerCase();
    const ip = req.ip ?? 'unknown';
    await throttle.admit(res, ip, email);
    const account = await findAccountByEmail(db, email);
    const matches = await verifyPassword(body.password, account?.password_hash ?? (await dummyPasswordHash()));
    if (!account?.password_hash || !matches) throw invalidCredentials();
    await throttle.succeeded(ip, email);
    await deleteExpiredSessions(db, account.id);
    const token = newSessionToken();
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await insertSession(db, account.id, token, expiresAt);
    await endOldestSessions(db, account.id);
    res.json(ok({ token, token_type: 'Bearer' as const, expires_at: expiresAt.toISOString(), user: toUser(account) }));
  };

  const getMe: Handler<'getMe'> = async (_req, res) => {
    res.json(ok(toUser(signedIn(res))));
  };

  const logout: Handler<'logout'> = async (_req, res) => {
    await deleteSession(db, res.locals.sessionId!);
    res.status(204).end();
  };

  return { register, login, getMe, logout };
}
