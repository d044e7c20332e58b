import { invalidParameter } from '../api/errors';

/** A call of Tushare's SDK, as its body says: the api, its parameters as text, the fields asked (none: the default list). */
export interface TushareCall {
  apiName: string;
  params: Record<string, string>;
  fields: string[];
}

export interface TushareBody {
  api_name?: string;
  params?: Record<string, unknown> | null;
  fields?: string | null;
}

/**
 * The SDK's body → a call. Parameters come as the caller typed them (`limit=100` or `'100'`, `ts_code=''` for
 * none): every value is taken as text and an empty one as absent. `fields` is a comma string.
 */
export function parseTushareCall(apiName: string | undefined, body: TushareBody): TushareCall {
  if (!apiName) throw invalidParameter('api_name is required (in the path /dataapi/{api_name} or the body)');
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(body.params ?? {})) {
    if (value === null || value === undefined || value === '') continue;
    if (typeof value === 'object') throw invalidParameter(`params.${name} must be a string or a number`);
    params[name] = String(value);
  }
  const fields = (body.fields ?? '')
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);
  return { apiName, params, fields };
}
