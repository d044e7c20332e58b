import type { AnswerCache } from '../../http/answers/answerCache';
import type { Handler } from '../../http/handler';
import type { PlanVisibility } from '../subscriptions/planVisibility.service';
import {
  convertibleCrossSection,
  convertibleTerms,
  fundCrossSection,
  type InstrumentSources,
} from './instrumentDays.service';
import { parseOneSymbol } from '../../domain/reference/symbols';
import { exchangeToday } from '../../domain/time/clock';
import { toConvertibleCrossSection, toConvertibleTerms, toFundCrossSection } from './instrumentDays.serializer';

export interface InstrumentDeps extends InstrumentSources {
  answers: AnswerCache;
  visibility: PlanVisibility;
}

/** The whole market of a day of convertibles and of ETFs, with the figures their users screen by. */
export function instrumentDaysHandlers({ answers, visibility: plans, ...sources }: InstrumentDeps) {
  const getConvertibleCrossSection: Handler<'getConvertibleCrossSection'> = async (req, res) => {
    const visibility = await plans.of(res.locals.keyOwner!.planId);
    await answers.send(req, res, async () => {
      const { date, rows } = await convertibleCrossSection(sources, req.query.date, visibility);
      return toConvertibleCrossSection(date, rows);
    });
  };

  const getFundCrossSection: Handler<'getFundCrossSection'> = async (req, res) => {
    const visibility = await plans.of(res.locals.keyOwner!.planId);
    await answers.send(req, res, async () => {
      const { date, rows } = await fundCrossSection(sources, req.query.date, visibility);
      return toFundCrossSection(date, rows);
    });
  };

  const getConvertibleTerms: Handler<'getConvertibleTerms'> = async (req, res) => {
    const code = parseOneSymbol(req.query.symbol);
    await answers.send(req, res, async () =>
      toConvertibleTerms(await convertibleTerms(sources.db, code, req.query.as_of ?? exchangeToday())),
    );
  };

  return { getConvertibleCrossSection, getFundCrossSection, getConvertibleTerms };
}
