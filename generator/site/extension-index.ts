/**
 * The extension index (issue 43, schemas/extension-index.ts): every merchant with a web domain and
 * its MCC; for each of those MCCs what its earn table changes of everyday spending's; for a merchant
 * that may rank apart from its MCC what its own earn table changes of the MCC's. The browser extension
 * fetches it and everyday spending's table once per build, and never anything that depends on the site
 * open (docs/extension.md). The changes are small where the tables are not: 4 MB of changes for the
 * 271 MCCs of the real dataset compress to 16 KB (brotli), against 7.5 KB for each MCC table.
 */
import type { Artefact } from '../artefact.ts';
import type { Model } from '../model.ts';
import type { MerchantRow } from '../../schemas/dataset.ts';
import type { EarnTable, EarnTableEntry } from '../../schemas/keyed.ts';
import { type ExtensionIndex, extensionIndex, type MccTableChanges, type OwnTableChanges } from '../../schemas/extension-index.ts';
import { PUBLIC_FILES, publicFile } from '../../schemas/public-files.ts';
import { canonicalJson } from '../canonical-json.ts';
import { mayRankApartFromMcc } from '../ranking.ts';
import { everydayEarnTable, mccEarnTable, merchantEarnTable } from '../views/earn-table.ts';
import { datasetDigest } from './internal/dataset-files.ts';
import { packageVersion } from '../../tree/package-info.ts';

/** The entries of `own` whose JSON differs from the entry of the same slug in `base` (or that `base` lacks), in `own`'s order. */
function changedEntries(own: readonly EarnTableEntry[], base: readonly EarnTableEntry[]): EarnTableEntry[] {
  const baseJson = new Map(base.map((entry) => [entry.slug, canonicalJson(entry)]));
  return own.filter((entry) => baseJson.get(entry.slug) !== canonicalJson(entry));
}

/** The cards closed to applicants a table lists, where its schema has them. */
const closedOf = (table: EarnTable): readonly EarnTableEntry[] =>
  (table as { closed_cards?: readonly EarnTableEntry[] }).closed_cards ?? [];

/** What the merchant's own earn table changes of its MCC's. */
export function ownTableChangesOf(model: Model, merchant: MerchantRow): OwnTableChanges {
  const mcc = model.mccByCode.get(merchant.mcc);
  if (mcc === undefined) throw new Error(`merchant ${merchant.slug}: no MCC ${merchant.mcc}`);
  const own = merchantEarnTable(model, merchant);
  const base = mccEarnTable(model, mcc);
  const changes: OwnTableChanges = { acceptance: own.acceptance, earnings: changedEntries(own.earnings, base.earnings) };
  const closed = changedEntries(closedOf(own), closedOf(base));
  return closed.length === 0 ? changes : { ...changes, closed_cards: closed };
}

/** What the MCC's earn table changes of everyday spending's. */
export function mccTableChangesOf(model: Model, code: string, everyday: EarnTable = everydayEarnTable(model)): MccTableChanges {
  const mcc = model.mccByCode.get(code);
  if (mcc === undefined) throw new Error(`no MCC ${code}`);
  const table = mccEarnTable(model, mcc);
  const changes: MccTableChanges = { mcc_code: code, earnings: changedEntries(table.earnings, everyday.earnings) };
  const closed = changedEntries(closedOf(table), closedOf(everyday));
  return closed.length === 0 ? changes : { ...changes, closed_cards: closed };
}

export function extensionIndexOf(model: Model): ExtensionIndex {
  const merchants = model.merchants
    .filter((merchant) => merchant.domains.length > 0)
    .map((merchant) => ({
      slug: merchant.slug,
      name: merchant.name,
      mcc_code: merchant.mcc,
      domains: [...merchant.domains],
      own_table: mayRankApartFromMcc(model, merchant.slug) ? ownTableChangesOf(model, merchant) : null,
    }))
    .sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  const everyday = everydayEarnTable(model);
  const codes = [...new Set(merchants.map((merchant) => merchant.mcc_code))].sort();
  return {
    evaluated_on: model.date,
    version: `${datasetDigest(model)}-${packageVersion()}`,
    mcc_tables: codes.map((code) => mccTableChangesOf(model, code, everyday)),
    merchants,
  };
}

export const extensionIndexFile: Artefact = {
  name: 'extension index',
  *derive(model) {
    yield { path: publicFile(PUBLIC_FILES.extensionIndex), document: extensionIndexOf(model), schema: extensionIndex };
  },
};
