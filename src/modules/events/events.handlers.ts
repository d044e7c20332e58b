import type { Db } from '../../db/connection';
import { pageWindow, paginationOf } from '../../domain/api/pagination';
import { parseOneSymbol, parseSymbolList } from '../../domain/reference/symbols';
import { ok, okPage } from '../../http/envelope';
import { writeAnswer } from '../../http/answers/answerWriters';
import type { Handler } from '../../http/handler';
import type { CodeHistory } from '../common/codeHistory.service';
import { announcementPage, dividendSeries } from './events.service';
import * as wire from './events.serializer';

export function eventsHandlers(db: Db, codes: CodeHistory) {
  const getDividends: Handler<'getDividends'> = async (req, res) => {
    const { symbols, single } = parseSymbolList(req.query.symbol, 50);
    const range = { begin: req.query.begin_date, end: req.query.end_date };
    const series = (await dividendSeries(db, codes, symbols, range, req.query.date_field ?? 'ann_date')).map((one) =>
      wire.toDividendSeries(one.security, one.requested, one.dividends),
    );
    await writeAnswer(req, res, ok(single ? series[0]! : series));
  };

  const getAnnouncements: Handler<'getAnnouncements'> = async (req, res) => {
    const window = pageWindow(req.query);
    const filter = { begin: req.query.begin_date, end: req.query.end_date, type: req.query.type };
    const { rows, name, total } = await announcementPage(db, codes, parseOneSymbol(req.query.symbol), filter, window);
    await writeAnswer(
      req,
      res,
      okPage(
        rows.map((row) => wire.toAnnouncement(row, name)),
        paginationOf(window, total),
      ),
    );
  };

  return { getDividends, getAnnouncements };
}
