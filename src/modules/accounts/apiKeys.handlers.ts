import type { Db } from '../../db/connection';
import { invalidParameter, notFound } from '../../domain/api/errors';
import { toSqlDateTime } from '../../domain/time/dates';
import { ok } from '../../http/envelope';
import type { Handler } from '../../http/handler';
import { signedIn } from '../../http/auth';
import type { KeyCache } from './keyCache.service';
import { deleteKey, findKey, listKeys, updateKey } from './apiKeys.repository';
import { createKeyWithinCap } from './apiKeys.service';
import { toApiKey } from './accounts.serializer';
import { ALL_SCOPES, newApiKey } from '../../domain/access/keyMaterial';

const keyNotFound = () => notFound('API key not found');

/** An expiry from the body as stored (UTC `YYYY-MM-DD HH:MM:SS`); it must lie in the future. */
function storedExpiry(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  const instant = new Date(value);
  if (!(instant.getTime() > Date.now())) throw invalidParameter('expires_at: must lie in the future');
  return toSqlDateTime(instant);
}

export function apiKeysHandlers(db: Db, keyCache: KeyCache) {
  const listApiKeys: Handler<'listApiKeys'> = async (_req, res) => {
    res.json(ok((await listKeys(db, signedIn(res).id)).map(toApiKey)));
  };

  const createApiKey: Handler<'createApiKey'> = async (req, res) => {
    const accountId = signedIn(res).id;
    const body = req.body;
    const key = newApiKey();
    const expiresAt = storedExpiry(body.expires_at);
    const id = await createKeyWithinCap(db, {
      accountId,
      name: body.name,
      key,
      scopes: body.scopes ?? ALL_SCOPES,
      expiresAt,
    });
    res.status(201).json(ok({ ...toApiKey((await findKey(db, accountId, id))!), key }));
  };

  const updateApiKey: Handler<'updateApiKey'> = async (req, res) => {
    const accountId = signedIn(res).id;
    const keyId = Number(req.params.keyId);
    const body = req.body;
    const changes = { name: body.name, scopes: body.scopes, expiresAt: storedExpiry(body.expires_at) };
    if (!(await updateKey(db, accountId, keyId, changes))) throw keyNotFound();
    keyCache.forgetKey(keyId);
    res.json(ok(toApiKey((await findKey(db, accountId, keyId))!)));
  };

  const deleteApiKey: Handler<'deleteApiKey'> = async (req, res) => {
    if (!(await deleteKey(db, signedIn(res).id, Number(req.params.keyId)))) throw keyNotFound();
    keyCache.forgetKey(Number(req.params.keyId));
    res.status(204).end();
  };

  return { listApiKeys, createApiKey, updateApiKey, deleteApiKey };
}
