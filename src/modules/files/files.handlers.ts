import type { Response } from 'express';
import { ok } from '../../http/envelope';
import type { Handler } from '../../http/handler';
import { rangeNotSatisfiable } from '../../domain/api/errors';
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

  const getFlatFile: Handler<'getFlatFile'> = async (req, res) => {
    const path = `${req.params.dataset}/${req.params.file}`;
    const entry = await fileToServe(files, path, await readerOf(res));
    res.locals.countsBytes = true;
    // `send` answers Range, If-None-Match and HEAD against this ETag, streaming from disk.
    res.setHeader('ETag', `"${entry.sha256}"`);
    res.setHeader('Cache-Control', 'private, no-cache');
    res.type(CONTENT_TYPES[path.slice(path.lastIndexOf('.') + 1)]!);
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

  return { getFlatFiles, getFlatFile };
}
