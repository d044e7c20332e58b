import { Router } from 'express';
import type { Db } from '../../db/connection';
import type { KeyCache } from '../../http/keyCache';
import { apiKeysHandlers } from './apiKeys.handlers';
import { authHandlers } from './auth.handlers';
import type { LoginThrottle } from './loginThrottle';

export function accountsRoutes(db: Db, keyCache: KeyCache, throttle: LoginThrottle): Router {
  const auth = authHandlers(db, throttle);
  const keys = apiKeysHandlers(db, keyCache);
  return Router()
    .post('/api/v1/auth/register', auth.register)
    .post('/api/v1/auth/login', auth.login)
    .post('/api/v1/auth/logout', auth.logout)
    .get('/api/v1/auth/me', auth.getMe)
    .get('/api/v1/api-keys', keys.listApiKeys)
    .post('/api/v1/api-keys', keys.createApiKey)
    .put('/api/v1/api-keys/:keyId', keys.updateApiKey)
    .delete('/api/v1/api-keys/:keyId', keys.deleteApiKey);
}
