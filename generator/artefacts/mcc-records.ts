/** docs/api.md, "MCC record": one static record per MCC with its top 5 cards, best first. */
import type { Artefact } from '../artefact.ts';
import { latestDate } from '../internal/dates.ts';
import { mccRecord, type MccRecord } from '../../schemas/documents.ts';
import { topCardsOfMcc } from '../views/static-limits.ts';
import { bothValues } from '../engine/ranking.ts';
import { conditionsOf } from '../engine/conditions.ts';
import { issuerName } from '../views/cards.ts';
import { pageUrl, sitePaths } from '../views/site-paths.ts';
import { PUBLIC_FILES, publicFile, publicPath } from '../../schemas/public-files.ts';

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
        top_cards: top.map((earning) => ({
          slug: earning.card.slug,
          name: earning.card.name,
          bonus_rate: earning.rate,
          issuer: issuerName(model, earning.card.issuer),
          segment: earning.card.segment,
          value_cents: earning.value,
          values: bothValues(earning),
          conditions: conditionsOf(model, earning),
        })),
        service_url: pageUrl(model, sitePaths.mcc(mcc.code)),
        last_updated: latestDate(
          top.flatMap(({ card, rule }) => [card.as_of, rule?.as_of]),
          model.date,
        ),
      };
      yield { path: publicFile(publicPath(PUBLIC_FILES.mccRecord, { code: mcc.code })), document: record, schema: mccRecord };
    }
  },
};
