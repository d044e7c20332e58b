/** Tushare's answer of `/dataapi`: `code` 0 and `data` on success, else a code and `msg`. */
export interface DataapiAnswer {
  code: number;
  msg?: string;
  data: { fields: string[]; items: unknown[][]; has_more?: boolean };
}

/** A POST to `/dataapi` as Tushare's SDK sends it: api_name, token, params and fields in one JSON body. */
export async function dataapi(
  baseUrl: string,
  token: string,
  api_name: string,
  params: Record<string, string>,
  fields?: string,
): Promise<DataapiAnswer> {
  const response = await fetch(`${baseUrl}/dataapi`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ api_name, token, params, ...(fields === undefined ? {} : { fields }) }),
  });
  return response.json() as Promise<DataapiAnswer>;
}
