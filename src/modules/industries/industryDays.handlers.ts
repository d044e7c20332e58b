import type { AnswerCache } from '../../http/answers/answerCache';
import type { Handler } from '../../http/handler';
import type { PlanVisibility } from '../subscriptions/planVisibility.service';
import { industryCrossSection, type IndustrySources } from './industryDays.service';
import { toIndustryCrossSection } from './industryDays.serializer';

export interface IndustryDeps extends IndustrySources {
  answers: AnswerCache;
  visibility: PlanVisibility;
}

/** The Shenwan industries of a day, the dimension quants neutralise and rotate by. */
export function industryDaysHandlers({ answers, visibility: plans, ...sources }: IndustryDeps) {
  const getIndustryCrossSection: Handler<'getIndustryCrossSection'> = async (req, res) => {
    const visibility = await plans.of(res.locals.keyOwner!.planId);
    const level = req.query.level ?? 1;
    await answers.send(req, res, async () => {
      const { date, rows } = await industryCrossSection(sources, req.query.date, level, visibility);
      return toIndustryCrossSection(date, level, rows);
    });
  };

  return { getIndustryCrossSection };
}
