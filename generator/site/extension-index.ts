/**
 * The extension index (issue 43, schemas/extension-index.ts): every merchant with a web domain and
 * its MCC; for each of those MCCs what its earn table changes of everyday spending's; for a merchant
 * that may rank apart from its MCC what its own earn table changes of the MCC's. The browser extension
 * fetches it and everyday spending's table once per build, and never anything that depends on the site
 * open (docs/extension.md). The changes are small where the tables are not: 4 MB of changes for the
 * 271 MCCs of the real dataset compress to 16 KB (brotli), against 7.5 KB for each MCC table.
 */
import type { Artefact } from '../artefact.ts';
import type { Model } from '../engine/model.ts';
import type { EarnTable, EarnTableEntry } from '../../schemas/keyed.ts';
import { walletEntries } from '../../schemas/choose-from-wallet.ts';
import { type ExtensionIndex, extensionIndex, type MccTableChanges } from '../../schemas/extension-index.ts';
import { PUBLIC_FILES, publicFile } from '../../schemas/public-files.ts';
import { canonicalJson } from '../canonical-json.ts';
import { mayRankApartFromMcc } from '../engine/ranking.ts';
import { everydayEarnTable, mccEarnTable, merchantEarnTable } from '../views/earn-table.ts';
import { datasetDigest } from './internal/dataset-files.ts';
import { packageVersion } from '../../tree/package-info.ts';

/** A table's entries, active and closed, with their canonical JSON by slug: what a table's changes are measured against. */
type EntriesJson = ReadonlyMap<string, string>;
const entriesJson = (table: EarnTable): EntriesJson => new Map(walletEntries(table).map((entry) => [entry.slug, canonicalJson(entry)]));

/** The entries of `own` whose JSON differs from the entry of the same slug in `base` (or that `base` lacks), in `own`'s order. */
function changedEntries(own: readonly EarnTableEntry[], base: EntriesJson): EarnTableEntry[] {
  return own.filter((entry) => base.get(entry.slug) !== canonicalJson(entry));
}

/** What `table` changes of the table whose entries are `base`: its entries that differ, active and closed. */
function changesOf(table: EarnTable, base: EntriesJson) {
  const earnings = changedEntries(table.earnings, base);
  const closed = changedEntries(table.closed_cards ?? [], base);
  return closed.length === 0 ? { earnings } : { earnings, closed_cards: closed };
}

/**
 * The extension index of the model. Each MCC's table is computed once and dropped once measured
 * (only the entries' JSON of an MCC that a merchant ranking apart needs is kept), so the index costs
 * about 1.5 s and little memory on the real dataset.
 */
export function extensionIndexOf(model: Model): ExtensionIndex {
  const withDomains = model.merchants.filter((merchant) => merchant.domains.length > 0);
  const apart = withDomains.filter((merchant) => mayRankApartFromMcc(model, merchant.slug));
  const codesApart = new Set(apart.map((merchant) => merchant.mcc));
  const everyday = entriesJson(everydayEarnTable(model));
  const mccJson = new Map<string, EntriesJson>();
  const mcc_tables: MccTableChanges[] = [...new Set(withDomains.map((merchant) => merchant.mcc))].sort().map((code) => {
    const mcc = model.mccByCode.get(code);
    if (mcc === undefined) throw new Error(`no MCC ${code}`);
    const table = mccEarnTable(model, mcc);
    if (codesApart.has(code)) mccJson.set(code, entriesJson(table));
    return { mcc_code: code, ...changesOf(table, everyday) };
  });
  const ownTables = new Map(
    apart.map((merchant) => {
      const own = merchantEarnTable(model, merchant);
      return [merchant.slug, { acceptance: own.acceptance, ...changesOf(own, mccJson.get(merchant.mcc)!) }] as const;
    }),
  );
  const merchants = withDomains
    .map((merchant) => ({
      slug: merchant.slug,
      name: merchant.name,
      mcc_code: merchant.mcc,
      domains: [...merchant.domains],
      own_table: ownTables.get(merchant.slug) ?? null,
    }))
    .sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  return { evaluated_on: model.date, version: `${datasetDigest(model)}-${packageVersion()}`, mcc_tables, merchants };
}

export const extensionIndexFile: Artefact = {
  name: 'extension index',
  *derive(model) {
    yield { path: publicFile(PUBLIC_FILES.extensionIndex), document: extensionIndexOf(model), schema: extensionIndex };
  },
};
