/** docs/api.md, "Merchant record": one static record for each of the 1,540 most popular merchants. */
import type { Artefact } from '../artefact.ts';
import { latestDate } from '../internal/dates.ts';
import { merchantRecord, type MerchantRecord } from '../../schemas/documents.ts';
import { staticMerchants } from '../views/static-limits.ts';
import { merchantView } from '../views/merchant-view.ts';
import { bothValues } from '../engine/ranking.ts';
import { conditionsOf } from '../engine/conditions.ts';
import { pageUrl, sitePaths } from '../views/site-paths.ts';
import { PUBLIC_FILES, publicFile, publicPath } from '../../schemas/public-files.ts';

export const merchantRecords: Artefact = {
  name: 'merchant records',
  *derive(model) {
    for (const merchant of staticMerchants(model.merchants)) {
      const { mcc, top: found } = merchantView(model, merchant);
      if (!found) throw new Error(`merchant ${merchant.slug}: no active card`);
      const top = found.earning;
      const conditions = conditionsOf(model, top);
      if (found.refused !== null) conditions.unshift({ kind: 'acceptance', note: found.refused });
      const record: MerchantRecord = {
        slug: merchant.slug,
        name: merchant.name,
        mcc_code: mcc.code,
        mcc_description: mcc.description,
        category_group: mcc.category_group,
        top_card: {
          slug: top.card.slug,
          name: top.card.name,
          rate: top.rate,
          segment: top.card.segment,
          value_cents: top.value,
          values: bothValues(top),
          conditions,
        },
        service_url: pageUrl(model, sitePaths.merchant(merchant.slug)),
        last_updated: latestDate([merchant.as_of, top.card.as_of, top.rule?.as_of], model.date),
      };
      yield {
        path: publicFile(publicPath(PUBLIC_FILES.merchantRecord, { slug: merchant.slug })),
        document: record,
        schema: merchantRecord,
      };
    }
  },
};
