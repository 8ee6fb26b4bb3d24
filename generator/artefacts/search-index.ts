/** docs/api.md, "Search index": one array naming every static MCC and merchant file, for a search box. */
import type { Artefact } from '../artefact.ts';
import { searchIndex as searchIndexSchema, type SearchEntry } from '../../schemas/documents.ts';
import { staticMerchants } from '../views/static-limits.ts';

export const searchIndex: Artefact = {
  name: 'search index',
  *derive(model) {
    const entries: SearchEntry[] = [
      ...model.mccs.map(
        (mcc): SearchEntry => ({
          type: 'mcc',
          code: mcc.code,
          name: mcc.description,
          category_group: mcc.category_group,
          path: `/api/mcc/${mcc.code}.json`,
        }),
      ),
      ...staticMerchants(model.merchants).map(
        (merchant): SearchEntry => ({
          type: 'merchant',
          slug: merchant.slug,
          name: merchant.name,
          mcc_code: merchant.mcc,
          rank: merchant.popularity_rank,
          path: `/api/merchant/${merchant.slug}.json`,
        }),
      ),
    ];
    yield { path: 'public/api/search.json', document: entries, schema: searchIndexSchema };
  },
};
