/**
 * docs/api.md, "Search index": one array naming every MCC, every merchant with a page and every bonus
 * category, each with the words of the search vocabulary (dataset/search_terms.csv) that mean it and,
 * for a merchant, its web domains: what schemas/search-match.ts searches.
 */
import type { Artefact } from '../artefact.ts';
import type { Model } from '../engine/model.ts';
import { searchIndex as searchIndexSchema, type SearchIndexEntry } from '../../schemas/documents.ts';
import { merchantsWithPage } from '../views/static-limits.ts';
import { byText, hasStaticRecord } from '../views/index.ts';
import { PUBLIC_FILES, publicFile, publicPath } from '../../schemas/public-files.ts';
import { keyedTarget } from '../../schemas/keyed-routes.ts';

type Target = `${'mcc' | 'merchant' | 'category'}:${string}`;

/** The vocabulary by what it names: `mcc:5411` → ["grocery", "grocery store", …], each list sorted. */
function termsByTarget(model: Model): ReadonlyMap<Target, string[]> {
  const terms = new Map<Target, string[]>();
  const add = (target: Target, term: string) => {
    const list = terms.get(target);
    if (list === undefined) terms.set(target, [term]);
    else list.push(term);
  };
  for (const { row } of model.dataset.searchTerms) {
    for (const code of row.mccs) add(`mcc:${code}`, row.term);
    if (row.category !== null) add(`category:${row.category}`, row.term);
    if (row.merchant !== null) add(`merchant:${row.merchant}`, row.term);
  }
  for (const list of terms.values()) list.sort(byText);
  return terms;
}

export const searchIndex: Artefact = {
  name: 'search index',
  *derive(model) {
    const terms = termsByTarget(model);
    // An optional field is left out where it would be empty: the index is downloaded by every search box.
    const termsOf = (target: Target) => {
      const list = terms.get(target);
      return list === undefined ? {} : { terms: list };
    };
    const entries: SearchIndexEntry[] = [
      ...model.mccs.map(
        (mcc): SearchIndexEntry => ({
          type: 'mcc',
          code: mcc.code,
          name: mcc.description,
          category_group: mcc.category_group,
          path: publicPath(PUBLIC_FILES.mccRecord, { code: mcc.code }),
          ...termsOf(`mcc:${mcc.code}`),
        }),
      ),
      ...merchantsWithPage(model).map(
        (merchant): SearchIndexEntry => ({
          type: 'merchant',
          slug: merchant.slug,
          name: merchant.name,
          mcc_code: merchant.mcc,
          rank: merchant.popularity_rank,
          path: hasStaticRecord(model, merchant)
            ? publicPath(PUBLIC_FILES.merchantRecord, { slug: merchant.slug })
            : keyedTarget('merchants-detail', { slug: merchant.slug }),
          ...(merchant.domains.length === 0 ? {} : { domains: [...merchant.domains] }),
          ...termsOf(`merchant:${merchant.slug}`),
        }),
      ),
      ...[...model.categories.values()]
        .sort((a, b) => byText(a.slug, b.slug))
        .map(
          (category): SearchIndexEntry => ({
            type: 'category',
            slug: category.slug,
            name: category.name,
            path: keyedTarget('categories-detail', { slug: category.slug }),
            ...termsOf(`category:${category.slug}`),
          }),
        ),
    ];
    yield { path: publicFile(PUBLIC_FILES.searchIndex), document: entries, schema: searchIndexSchema };
  },
};
