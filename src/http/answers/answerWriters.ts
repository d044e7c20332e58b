import type { Request, Response } from 'express';
import { answerFormatOf } from './answerFormat';
import { streamText, tableText, type Envelope } from './tableWriter';

/**
 * Writes a success envelope that is not stored (the answer cache's `send` writes those) in the request's
 * format: JSON through Express, or its rows as a table streamed from the envelope. `body` is typed as the
 * operation's response, as `res.json` would take it.
 */
export async function writeAnswer<B>(
  req: Request<object, B, unknown, object>,
  res: Response<B>,
  body: B,
): Promise<void> {
  const format = answerFormatOf(res as Response);
  if (format === 'json') return void res.json(body);
  await streamText(
    req as Request,
    res as Response,
    tableText(req as Request, body as Envelope, format, res.locals.operation!),
  );
}
