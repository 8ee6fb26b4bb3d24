/** docs/api.md, "Search index": one array naming every static MCC and merchant file, for a search box. */
import type { Artefact } from '../artefact.ts';
import { searchIndex as searchIndexSchema, type SearchEntry } from '../../schemas/documents.ts';
import { staticMerchants } from '../views/static-limits.ts';
import { PUBLIC_FILES, publicFile, publicPath } from '../../schemas/public-files.ts';

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
          path: publicPath(PUBLIC_FILES.mccRecord, { code: mcc.code }),
        }),
      ),
      ...staticMerchants(model.merchants).map(
        (merchant): SearchEntry => ({
          type: 'merchant',
          slug: merchant.slug,
          name: merchant.name,
          mcc_code: merchant.mcc,
          rank: merchant.popularity_rank,
          path: publicPath(PUBLIC_FILES.merchantRecord, { slug: merchant.slug }),
        }),
      ),
    ];
    yield { path: publicFile(PUBLIC_FILES.searchIndex), document: entries, schema: searchIndexSchema };
  },
};
