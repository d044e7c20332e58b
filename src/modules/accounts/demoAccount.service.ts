import type { Knex } from 'knex';
import { findAccountIdByEmail, insertAccount } from './accounts.repository';
import { findKeyOwner, insertKey } from './apiKeys.repository';
import { ALL_SCOPES, hashKey, newApiKey } from '../../domain/access/keyMaterial';

export const DEMO_EMAIL = 'demo@ashare.local';

/**
 * Makes sure the demo account (enterprise plan) exists and holds a key. Returns the key when this call
 * created it (the only moment it can be shown), or null when the given or earlier key already exists.
 */
export async function ensureDemoKey(db: Knex, fixedKey?: string): Promise<string | null> {
  return db.transaction(async (trx) => {
    const existing = await findAccountIdByEmail(trx, DEMO_EMAIL);
    const accountId = existing ?? (await insertAccount(trx, { email: DEMO_EMAIL, name: 'Demo', planId: 'enterprise' }));
    if (fixedKey !== undefined && (await findKeyOwner(trx, hashKey(fixedKey)))) return null;
    if (fixedKey === undefined && existing !== null) return null;
    const key = fixedKey ?? newApiKey();
    await insertKey(trx, { accountId, name: fixedKey ? 'demo (DEMO_API_KEY)' : 'demo', key, scopes: ALL_SCOPES });
    return key;
  });
}
