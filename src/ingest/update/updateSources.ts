import type { UpdateSource } from '../../domain/time/syncSchedule';
import { BaostockClient } from '../baostock/baostockClient';
import { baostockSessions } from './baostockSessions';
import type { SessionSource } from './sessionSource';
import { tushareSessions } from './tushareSessions';
import { TushareError } from '../tushare/tushareClient';

/** Where the update's sources are (the configuration's BAOSTOCK_* and TUSHARE_*). */
export interface SourceSettings {
  BAOSTOCK_HOST: string;
  BAOSTOCK_PORT: number;
  TUSHARE_TOKEN?: string;
  TUSHARE_URL: string;
}

/** A source for one update run and what to close after it. */
export function openSource(
  name: UpdateSource,
  settings: SourceSettings,
): { source: SessionSource; close(): Promise<void> } {
  if (name === 'baostock') {
    const client = new BaostockClient({ host: settings.BAOSTOCK_HOST, port: settings.BAOSTOCK_PORT });
    return { source: baostockSessions(client), close: () => client.close() };
  }
  if (!settings.TUSHARE_TOKEN) throw new TushareError('TUSHARE_TOKEN is not set: the tushare update needs it');
  return {
    source: tushareSessions({ url: settings.TUSHARE_URL, token: settings.TUSHARE_TOKEN, callsPerMinute: 200 }),
    close: async () => {},
  };
}
