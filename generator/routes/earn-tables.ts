/**
 * The earn tables (issue 27), written once as public files and served by a keyed route too: a
 * wallet request needs no key and leaves no log when it goes to the public file (CDN-cacheable),
 * and an API user with a key gets the same bytes through the route, counted like best-card.
 */
import { defineRoute, type RouteDefinition } from '../route.ts';
import { earnTable } from '../../schemas/keyed.ts';
import { mayRankApartFromMcc } from '../engine/ranking.ts';
import { mccEarnTable, merchantEarnTable } from '../views/earn-table.ts';
import { PUBLIC_FILES } from '../../schemas/public-files.ts';

export const earnTableRoute: RouteDefinition = defineRoute('compute-earn-table', {
  schema: earnTable,
  summary:
    'Every active card at one MCC or merchant, with its rate, both values, the rule and its conditions (choose among your own cards locally)',
  description:
    `The same file as the public ${PUBLIC_FILES.earnTableMcc} and ${PUBLIC_FILES.earnTableMerchant} (no key needed there). ` +
    'Merchants have a table of their own only when they may rank apart from their MCC (merchant-scoped categories or networks they refuse); ' +
    "for the others, the best-card and recommendation answers' earn_table names their MCC's table. Rank a wallet with the order of docs/ranking.md.",
  *derive(model) {
    for (const mcc of model.mccs) yield { params: { mcc: mcc.code }, document: mccEarnTable(model, mcc) };
    for (const merchant of model.merchants) {
      if (!mayRankApartFromMcc(model, merchant.slug)) continue;
      yield { params: { merchant: merchant.slug }, document: merchantEarnTable(model, merchant) };
    }
  },
});
