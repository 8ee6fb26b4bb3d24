/** Spec §2.1: one static record per MCC with its top 5 cards, best first. */
import type { Artefact } from '../artefact.ts';
import { latestDate } from '../internal/dates.ts';
import { bothValues, rankCards } from '../ranking.ts';
import { conditionsOf } from '../conditions.ts';
import { mccRecord, type MccRecord } from '../../schemas/documents.ts';
import { TOP_CARDS_PER_MCC } from './static-limits.ts';

export const mccRecords: Artefact = {
  name: 'mcc records',
  *derive(model) {
    for (const mcc of model.mccs) {
      const top = rankCards(model, { mcc: mcc.code }).slice(0, TOP_CARDS_PER_MCC);
      const record: MccRecord = {
        code: mcc.code,
        description: mcc.description,
        category_group: mcc.category_group,
        merchant_count: model.merchantCountByMcc.get(mcc.code) ?? 0,
        top_cards: top.map((earning) => ({
          slug: earning.card.slug,
          name: earning.card.name,
          bonus_rate: earning.rate,
          issuer: model.issuers.get(earning.card.issuer)?.name ?? earning.card.issuer,
          value_cents: earning.value,
          values: bothValues(earning),
          conditions: conditionsOf(model, earning.rule),
        })),
        service_url: `${model.baseUrl}/mcc/${mcc.code}`,
        last_updated: latestDate(
          top.flatMap(({ card, rule }) => [card.as_of, rule?.as_of]),
          model.date,
        ),
      };
      yield { path: `public/api/mcc/${mcc.code}.json`, document: record, schema: mccRecord };
    }
  },
};
