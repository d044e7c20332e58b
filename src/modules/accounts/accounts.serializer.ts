import type { components } from '../../../generated/api';
import { sqlDateTimeToIso } from '../../domain/time/dates';
import type { AccountRow } from './accounts.types';
import type { ApiKeyRow } from './accounts.types';
import type { Scope } from '../../domain/access/keyMaterial';

type User = components['schemas']['User'];
type ApiKey = components['schemas']['ApiKey'];

export function toUser(row: AccountRow): User {
  return {
    id: Number(row.id),
    email: row.email,
    name: row.name,
    plan: row.plan_id,
    created_at: sqlDateTimeToIso(row.created_at)!,
  };
}

/** A key as listed: never the hash, never the full key. */
export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: Number(row.id),
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes.split(',') as Scope[],
    created_at: sqlDateTimeToIso(row.created_at)!,
    last_used_at: sqlDateTimeToIso(row.last_used_at),
    expires_at: sqlDateTimeToIso(row.expires_at),
  };
}
