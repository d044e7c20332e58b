import type { Request, Response } from 'express';
import { ok } from '../../http/envelope';
import type { Handler } from '../../http/handler';
import { rangeNotSatisfiable } from '../../domain/api/errors';
import { matchesIfNoneMatch } from '../../http/answers/answerStore';
import type { PlanVisibility } from '../subscriptions/planVisibility.service';
import type { FlatManifestReader } from './files.repository';
import { fileToServe, listFiles, type FileReader } from './files.service';

export interface FilesDeps {
  /** FLAT_DIR's manifest; none: no flat files are kept here. */
  files?: FlatManifestReader;
  visibility: PlanVisibility;
}

const CONTENT_TYPES: Record<string, string> = {
  parquet: 'application/vnd.apache.parquet',
  arrow: 'application/vnd.apache.arrow.stream',
};

export function filesHandlers({ files, visibility }: FilesDeps) {
  const readerOf = async ({ locals }: Pick<Response, 'locals'>): Promise<FileReader> => {
    const { scopes, planId } = locals.keyOwner!;
    return { scopes, visibility: await visibility.of(planId) };
  };

  const getFlatFiles: Handler<'getFlatFiles'> = async (req, res) => {
    const { dataset, begin_date: begin, end_date: end } = req.query;
    const list = await listFiles(files, { datasets: dataset?.split(','), begin, end }, await readerOf(res));
    res.json(ok(list));
  };

  /** A file's GET or HEAD. */
  const serveFile = async (
    req: Pick<Request, 'headers' | 'method'> & { params: { dataset: string; file: string } },
    res: Response<never>,
  ) => {
    const path = `${req.params.dataset}/${req.params.file}`;
    const entry = await fileToServe(files, path, await readerOf(res));
    const etag = `"${entry.sha256}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', 'private, no-cache');
    // RFC 9110's If-None-Match, whatever the request's Cache-Control (fetch sends no-cache with it, and `send`'s
    // freshness then never answers 304).
    if (matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
      res.status(304).end();
      return;
    }
    // The bytes sent count in the usage; a HEAD sends none.
    res.locals.countsBytes = req.method === 'GET';
    res.type(CONTENT_TYPES[path.slice(path.lastIndexOf('.') + 1)]!);
    // `send` answers Range and HEAD, streaming from disk.
    await new Promise<void>((resolve, reject) =>
      res.sendFile(path, { root: files!.dir, etag: false, lastModified: false, dotfiles: 'deny' }, (err) => {
        const status = (err as { status?: number } | undefined)?.status;
        if (err === undefined || res.headersSent) resolve();
        else if (status === 416)
          reject(rangeNotSatisfiable(`the range begins past the end of ${path} (${entry.bytes} bytes)`));
        else reject(err);
      }),
    );
  };

  const getFlatFile: Handler<'getFlatFile'> = (req, res) => serveFile(req, res);
  const headFlatFile: Handler<'headFlatFile'> = (req, res) => serveFile(req, res);
  return { getFlatFiles, getFlatFile, headFlatFile };
}
