/** docs/api.md, "MCC record": one static record per MCC with its top 5 cards, best first. */
import type { Artefact } from '../artefact.ts';
import { latestDate } from '../internal/dates.ts';
import { mccRecord, type MccRecord } from '../../schemas/documents.ts';
import { topCardsOfMcc } from './static-limits.ts';
import { pageUrl, sitePaths } from '../site/internal/paths.ts';

export const mccRecords: Artefact = {
  name: 'mcc records',
  *derive(model) {
    for (const mcc of model.mccs) {
      const top = topCardsOfMcc(model, mcc.code);
      const record: MccRecord = {
        code: mcc.code,
        description: mcc.description,
        category_group: mcc.category_group,
        merchant_count: model.merchantCountByMcc.get(mcc.code) ?? 0,
        top_cards: top.map(({ card, rate }) => ({
          slug: card.slug,
          name: card.name,
          bonus_rate: rate,
          issuer: model.issuers.get(card.issuer)?.name ?? card.issuer,
        })),
        service_url: pageUrl(model, sitePaths.mcc(mcc.code)),
        last_updated: latestDate(
          top.flatMap(({ card, rule }) => [card.as_of, rule?.as_of]),
          model.date,
        ),
      };
      yield { path: `public/api/mcc/${mcc.code}.json`, document: record, schema: mccRecord };
    }
  },
};
