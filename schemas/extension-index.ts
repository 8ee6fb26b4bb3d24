/**
 * The extension index (issue 43): one public file, the same bytes for everyone, that lets the
 * browser extension find the merchant behind a web domain and rank a wallet there without telling
 * the service which site is open. Every merchant with a domain is listed with its MCC; each of
 * their MCCs with what its earn table changes of everyday spending's; and a merchant that may rank
 * apart from its MCC (merchant-scoped categories, networks it refuses) with what its own earn table
 * changes of its MCC's. With everyday spending's table beside it, the extension has every table a
 * site can need, so no request ever depends on the site (docs/extension.md).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { domain, isoDate, mccCode, slug, text } from './common.ts';
import { earnTableEntry } from './keyed/earn-table.ts';
import { networkAcceptance } from './keyed/merchants.ts';
import { object } from './keyed/internal.ts';

const entries = (what: string, table: string, base: string) =>
  ({
    type: 'array',
    items: earnTableEntry,
    description: `the ${what} whose entry in ${table} differs from ${base}'s, by slug; every other entry is ${base}'s`,
  }) as const;

/** What an MCC's earn table changes of everyday spending's: the entries that differ. */
export const mccTableChanges = object(
  {
    mcc_code: mccCode,
    earnings: entries('active cards', "the MCC's earn table", "everyday spending's table"),
    closed_cards: entries('cards closed to applicants', "the MCC's earn table", "everyday spending's table"),
  },
  ['mcc_code', 'earnings'],
);

/** What a merchant's own earn table changes of its MCC's: its acceptance and the entries that differ. */
export const ownTableChanges = object(
  {
    acceptance: { type: 'array', items: networkAcceptance, description: "the merchant table's acceptance (its MCC table has none)" },
    earnings: entries('active cards', "the merchant's own earn table", 'the MCC table'),
    closed_cards: entries('cards closed to applicants', "the merchant's own earn table", 'the MCC table'),
  },
  ['acceptance', 'earnings'],
);

export const extensionIndexMerchant = object(
  {
    slug,
    name: text,
    mcc_code: mccCode,
    domains: { type: 'array', items: domain, minItems: 1, description: "the merchant's web domains, as the recommendation matches them" },
    own_table: {
      oneOf: [ownTableChanges, { type: 'null' }],
      description: "null: the merchant ranks as its MCC does (its earn table is the MCC's); else what its own table changes of the MCC's",
    },
  },
  ['slug', 'name', 'mcc_code', 'domains', 'own_table'],
);

export const extensionIndex = object(
  {
    evaluated_on: { ...isoDate, description: 'the build date: the rules in force on it' },
    version: {
      type: 'string',
      minLength: 1,
      description: "the dataset's digest and the engine's version: a new value means the earn tables may have changed (drop cached ones)",
    },
    mcc_tables: {
      type: 'array',
      items: mccTableChanges,
      description:
        "every MCC of a merchant below, by code, with what its earn table changes of everyday spending's (/api/earn-table/everyday.json)",
    },
    merchants: { type: 'array', items: extensionIndexMerchant, description: 'every merchant with a web domain, by slug' },
  },
  ['evaluated_on', 'version', 'mcc_tables', 'merchants'],
);

export type ExtensionIndex = FromSchema<typeof extensionIndex>;
export type ExtensionIndexMerchant = FromSchema<typeof extensionIndexMerchant>;
export type MccTableChanges = FromSchema<typeof mccTableChanges>;
