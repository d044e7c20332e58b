import fc from 'fast-check';
import type { Operation, Parameter, Schema } from './contract';
import { resolve } from './contract';

/** How a request authenticates; the sender fills in the real key or session token. */
export type AuthMode = 'valid' | 'query' | 'none' | 'garbage';

/** One generated request: path and query already percent-encoded (possibly oddly), body as raw text. */
export interface FuzzRequest {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body?: string;
  auth: AuthMode;
  /** The contract operation the request targets; undefined for a method or path the contract lacks. */
  op?: Operation;
}

/** SQL, JSON, template, path and header injection strings; every one must come back as a 4xx or a clean 2xx. */
const HOSTILE = [
  "' OR '1'='1",
  "600519' OR 1=1 -- ",
  "600519'; DROP TABLE securities; --",
  '600519" UNION SELECT password_hash FROM accounts --',
  '1; SELECT SLEEP(10)',
  '0 OR SLEEP(5)=0 LIMIT 1 --',
  '{"$gt":""}',
  '{"__proto__":{"admin":true}}',
  '[1,2,3]',
  'null',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '\\x00\\x1a',
  '\u0000',
  '\u202e600519',
  '６００５１９',
  '600519\n600000',
  '😀😀😀',
  '\uFFFF\uFFFE',
  ' ',
  ',',
  ',,,,',
  '600519,'.repeat(200),
  '%',
  '-1',
  '1e309',
];

/** Already-encoded query values the percent-decoder, the UTF-8 decoder and the validators must survive. */
const ODD_ENCODINGS = [
  '%00',
  '600519%00',
  '600519%00.SH',
  '%FF%FE',
  '%E4%B8',
  '%C0%AE%C0%AE%2F',
  '%ED%A0%80',
  '%',
  '%zz',
  '%2525',
  '+',
  '%20%20',
  '%0d%0aX-Injected:%201',
  '%E2%80%AE',
  '%F0%9F%98%80',
  '%uFFFF',
  '600519%2C000001.SZ',
  '2024%2D01%2D02',
];

const TEN_KB = 'A'.repeat(10 * 1024);

/** Percent-encodes UTF-8 bytes (a lone surrogate, which encodeURIComponent refuses, becomes U+FFFD). */
export function encodeValue(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const dates = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map(isoDate);
const typeOf = (schema: Schema) => (Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type);

/** Values of the parameter's own examples, and each item of a comma-separated example. */
function examplesOf(parameter: Parameter): string[] {
  const example = parameter.example ?? parameter.schema.example ?? parameter.schema.default;
  if (example === undefined) return [];
  const text = String(example);
  return [...new Set([text, ...text.split(',')])];
}

/** Values the parameter's schema accepts, at its bounds more often than not (fast-check biases integers). */
function validValue(parameter: Parameter): fc.Arbitrary<string> {
  const schema = resolve(parameter.schema);
  if (schema.enum) return fc.constantFrom(...schema.enum.map(String));
  switch (typeOf(schema)) {
    case 'boolean':
      return fc.constantFrom('true', 'false');
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -(2 ** 31), max: schema.maximum ?? 2 ** 31 - 1 }).map(String);
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true }).map(String);
  }
  if (schema.format === 'date') return dates;
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 24, 24);
  const options: fc.Arbitrary<string>[] = [
    fc.string({ minLength, maxLength }),
    fc.string({ minLength, maxLength, unit: 'grapheme' }),
  ];
  if (schema.pattern)
    options.push(
      fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity)),
    );
  const examples = examplesOf(parameter);
  if (examples.length > 0)
    options.push(fc.constantFrom(...examples), fc.constantFrom(...examples), fc.constantFrom(...examples));
  return fc.oneof(...options);
}

/** Values just outside the schema: past a bound, of the wrong type, malformed dates, unknown enum members. */
function invalidValue(parameter: Parameter): fc.Arbitrary<string> {
  const schema = resolve(parameter.schema);
  const wrongType = [
    '1.5',
    'abc',
    '',
    '1e3',
    '0x10',
    ' 1',
    '99999999999999999999',
    '-0',
    'NaN',
    'Infinity',
    '-Infinity',
    '1e400',
    'true',
    '[]',
    '{}',
  ];
  if (schema.enum)
    return fc.oneof(
      fc.constantFrom(...schema.enum.map((v) => String(v).toUpperCase() + '_'), '', 'null'),
      fc.string({ maxLength: 12 }),
    );
  switch (typeOf(schema)) {
    case 'boolean':
      return fc.constantFrom('yes', '1', '0', 'TRUE', 'False', '', 'null', 'on');
    case 'integer':
    case 'number':
      return fc.constantFrom(
        ...(schema.minimum !== undefined ? [String(schema.minimum - 1)] : []),
        ...(schema.maximum !== undefined ? [String(schema.maximum + 1)] : []),
        ...wrongType,
      );
  }
  if (schema.format === 'date') {
    return fc.constantFrom(
      '2024-02-30',
      '2023-02-29',
      '2024-13-01',
      '2024-00-10',
      '20240101',
      '2024-1-1',
      '',
      '0000-00-00',
      '9999-12-31',
      '2024-01-01T00:00:00Z',
      'today',
      '2024/01/02',
    );
  }
  return fc.constantFrom('', ' ', 'x'.repeat((schema.maxLength ?? 64) + 1), ...wrongType);
}

/** An encoded value for a parameter: valid, invalid or hostile, with a few raw odd encodings and one 10 kB value. */
function encodedValue(parameter: Parameter): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: validValue(parameter).map(encodeValue) },
    { weight: 2, arbitrary: invalidValue(parameter).map(encodeValue) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE).map(encodeValue) },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_ENCODINGS) },
    { weight: 1, arbitrary: fc.constant(TEN_KB) },
  );
}

/** `name=value`, sometimes repeated (an array where a string is expected), bracketed or with an odd name. */
function queryPairs(parameter: Parameter): fc.Arbitrary<string[]> {
  const value = encodedValue(parameter);
  const name = encodeValue(parameter.name);
  return fc.oneof(
    { weight: 8, arbitrary: value.map((v) => [`${name}=${v}`]) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(value, validValue(parameter).map(encodeValue))
        .map(([a, b]) => [`${name}=${a}`, `${name}=${b}`]),
    },
    { weight: 1, arbitrary: value.map((v) => [`${name}[]=${v}`]) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(`${name}`, `${name}=`, `${name}[a]=1`, `${name.toUpperCase()}=1`)
        .map((pair) => [pair]),
    },
  );
}

const unknownPair = fc.constantFrom('foo=bar', 'api_key=', '__proto__[x]=1', 'constructor=1', '=', '&&', 'a%00b=1');

function queryOf(op: Operation): fc.Arbitrary<string> {
  const perParameter = op.parameters
    .filter((p) => p.in === 'query')
    .map((p) =>
      fc.oneof(
        { weight: p.required ? 9 : 5, arbitrary: queryPairs(p) },
        { weight: p.required ? 1 : 5, arbitrary: fc.constant<string[]>([]) },
      ),
    );
  return fc.tuple(fc.tuple(...perParameter), fc.option(unknownPair, { freq: 10 })).map(([pairs, extra]) => {
    const all = pairs.flat();
    if (extra !== null) all.push(extra);
    // One 10 kB value per request at most: two would pass Node's 16 kB request-head limit, which the HTTP
    // parser (not the app) answers with a bare 431.
    let seenLong = false;
    return all.filter((pair) => !(pair.length > 5000 && (seenLong || !(seenLong = true)))).join('&');
  });
}

function pathOf(op: Operation): fc.Arbitrary<string> {
  const pathParameters = op.parameters.filter((p) => p.in === 'path');
  return fc
    .tuple(
      ...pathParameters.map((p) =>
        fc.oneof(
          { weight: 4, arbitrary: validValue(p).map(encodeValue) },
          { weight: 2, arbitrary: invalidValue(p).map(encodeValue) },
          { weight: 1, arbitrary: fc.constantFrom(...HOSTILE).map(encodeValue) },
          { weight: 1, arbitrary: fc.constantFrom(...ODD_ENCODINGS) },
        ),
      ),
    )
    .map((values) => {
      let path = op.path;
      pathParameters.forEach((p, i) => (path = path.replace(`{${p.name}}`, values[i] || '%20')));
      return path;
    });
}

const authModes = (op: Operation | undefined): fc.Arbitrary<AuthMode> =>
  op?.usesApiKey !== false
    ? fc.constantFrom<AuthMode>('valid', 'valid', 'valid', 'valid', 'valid', 'valid', 'query', 'none', 'garbage')
    : fc.constantFrom<AuthMode>('valid', 'valid', 'valid', 'valid', 'valid', 'none', 'garbage');

const extraHeaders = fc.oneof(
  { weight: 6, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      { 'If-None-Match': '*' },
      { 'If-None-Match': '"x", W/"y"' },
      { 'If-Modified-Since': 'yesterday' },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      { Accept: 'text/html' },
      { Accept: 'application/xml' },
      { 'Accept-Encoding': 'gzip, br' },
      { Range: 'bytes=0-10' },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      { 'X-Request-Id': '../../x' },
      { 'X-Request-Id': 'x'.repeat(300) },
      { 'X-Forwarded-For': "1.1.1.1'" },
    ),
  },
);

/** A JSON value the body schema accepts (strings kept short), for the valid half of body cases. */
function validJson(schema: Schema): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if (s.allOf) return validJson(s.allOf[0]!);
  if (s.enum) return fc.constantFrom(...s.enum);
  switch (typeOf(s)) {
    case 'object': {
      const properties = Object.entries(s.properties ?? {});
      const required = new Set(s.required ?? []);
      return fc.record(Object.fromEntries(properties.map(([name, p]) => [name, validJson(p)])), {
        requiredKeys: properties.map(([name]) => name).filter((name) => required.has(name)),
      });
    }
    case 'array':
      return fc.uniqueArray(validJson(s.items ?? {}), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 4, 4),
        selector: (v) => JSON.stringify(v),
      });
    case 'integer':
      return fc.integer({ min: s.minimum ?? 0, max: s.maximum ?? 1000 });
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (s.format === 'email') return fc.emailAddress().filter((e) => e.length <= (s.maxLength ?? 254));
      if (s.format === 'date-time')
        return fc
          .date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString());
      if (s.format === 'date') return dates;
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 30, 30), unit: 'grapheme' });
  }
  return fc.anything({ maxDepth: 1 });
}

const MALFORMED_BODIES = [
  '',
  '{',
  '{"email":',
  '[',
  '{"a":1,}',
  "{'a':1}",
  'NaN',
  'null',
  '1',
  '"text"',
  '[]',
  '\u0000',
  '{"name":"\ud800"}',
  '{"name":"x","name":"y"}',
  '{"__proto__":{"isAdmin":true},"name":"x"}',
  '{"constructor":{"prototype":{"x":1}}}',
  '['.repeat(5000) + ']'.repeat(5000),
  JSON.stringify({ name: 'x'.repeat(40 * 1024) }),
  JSON.stringify({ name: 'x', scopes: Array.from({ length: 3000 }, () => 'market') }),
];

/** A body: valid, valid with a field broken (wrong type, missing, extra, hostile) or raw malformed text. */
function bodyOf(schema: Schema): fc.Arbitrary<string> {
  const valid = validJson(schema);
  const broken = fc
    .tuple(
      valid,
      fc.string({ maxLength: 12 }),
      fc.oneof(
        fc.constantFrom(...HOSTILE),
        fc.constant(null),
        fc.integer(),
        fc.constant([]),
        fc.constant({}),
        fc.constant(TEN_KB),
      ),
    )
    .map(([value, key, bad]) => {
      const object = (value && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {}) as Record<
        string,
        unknown
      >;
      const keys = Object.keys(resolve(schema).properties ?? {});
      const target = keys.length > 0 && key.length % 3 !== 0 ? keys[key.length % keys.length]! : key;
      if (key.length % 5 === 4) delete object[target];
      else object[target] = bad;
      return JSON.stringify(object);
    });
  return fc.oneof(
    { weight: 4, arbitrary: valid.map((v) => JSON.stringify(v)) },
    { weight: 4, arbitrary: broken },
    { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_BODIES) },
  );
}

const contentTypes = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      'application/xml',
      'application/merge-patch+json',
      '',
    ),
  },
);

/** Requests to one operation of the contract, built from its parameter and body schemas. */
export function requestsFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  const body = op.body ? fc.tuple(bodyOf(op.body), contentTypes) : fc.constant(undefined);
  return fc
    .record({ path: pathOf(op), query: queryOf(op), auth: authModes(op), headers: extraHeaders, body })
    .map(({ path, query, auth, headers, body }) => ({
      method: op.method,
      path,
      query,
      auth,
      op,
      headers: body && body[1] ? { ...headers, 'Content-Type': body[1] } : headers,
      body: body?.[0],
    }));
}

/** The same read operations asked with HEAD: the answer's status must be one GET declares. */
export function headRequestsFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  return requestsFor(op).map((request) => ({ ...request, method: 'HEAD', op: undefined }));
}

/** A method the contract does not declare on a path, or a path it does not have at all. */
export function strayRequests(ops: Operation[]): fc.Arbitrary<FuzzRequest> {
  const declared = new Map<string, Set<string>>();
  for (const op of ops) declared.set(op.path, (declared.get(op.path) ?? new Set()).add(op.method));
  const wrongMethods = [...declared].flatMap(([path, methods]) =>
    ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']
      .filter((m) => !methods.has(m))
      .map((method) => ({ method, path: path.replace(/\{[^}]+\}/g, '1') })),
  );
  const wrongPath = fc.constantFrom(
    '/v1/market/dailyx',
    '/v1/',
    '/v1',
    '/api/v1/stocks/',
    '/api/v1/nothing',
    '/V1/MARKET/DAILY',
    '/v1/market/daily/..%2f..%2fetc',
    '/v1//market//daily',
    '/v1/market/daily%00',
  );
  return fc
    .record({
      target: fc.oneof(
        fc.constantFrom(...wrongMethods),
        wrongPath.map((path) => ({ method: 'GET', path })),
      ),
      auth: authModes(undefined),
      body: fc.option(fc.constantFrom(...MALFORMED_BODIES.slice(0, 8), '{"name":"x"}'), { freq: 2 }),
    })
    .map(({ target, auth, body }): FuzzRequest => ({
      method: target.method,
      path: target.path,
      query: 'symbol=600519',
      auth,
      headers: body === null ? {} : ({ 'Content-Type': 'application/json' } as Record<string, string>),
      body: body === null || target.method === 'GET' ? undefined : body,
    }));
}
