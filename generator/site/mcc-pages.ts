/** `/mcc/{code}`: one page per MCC, with the same top cards as its static record and its most popular merchants. */
import type { Artefact } from '../artefact.ts';
import { merchantsWithPage, TOP_CARDS_PER_MCC } from '../views/static-limits.ts';
import { rankCards } from '../engine/ranking.ts';
import { categoriesCovering } from '../views/index.ts';
import type { MerchantRow } from '../../schemas/dataset.ts';
import { RANKING_NOTE, segmentedCardTables } from './internal/card-table.ts';
import { html } from './internal/html.ts';
import { renderPage } from './internal/layout.ts';
import { href, sitePaths } from '../views/site-paths.ts';
import { PUBLIC_FILES, publicPath } from '../../schemas/public-files.ts';
import { walletScript } from './internal/assets.ts';
import { earnTablePaths } from '../views/earn-table.ts';

/** Merchants listed on an MCC page: the most popular ones that have a page of their own. */
export const MERCHANTS_PER_MCC_PAGE = 12;

export const mccPages: Artefact = {
  name: 'mcc pages',
  *derive(model) {
    const merchantsByMcc = new Map<string, MerchantRow[]>();
    for (const merchant of merchantsWithPage(model)) {
      const list = merchantsByMcc.get(merchant.mcc) ?? [];
      if (list.length < MERCHANTS_PER_MCC_PAGE) list.push(merchant);
      merchantsByMcc.set(merchant.mcc, list);
    }
    for (const mcc of model.mccs) {
      const merchants = merchantsByMcc.get(mcc.code) ?? [];
      const total = model.merchantCountByMcc.get(mcc.code) ?? 0;
      const categories = categoriesCovering(model, mcc.code);
      // The ranking first, so a phone shows the best card on its first screen; the code's facts follow it.
      const body = html`<h1>MCC ${mcc.code}: ${mcc.description}</h1>
<h2>Top cards for MCC ${mcc.code}</h2>
${segmentedCardTables(model, `Top cards for MCC ${mcc.code}`, rankCards(model, { mcc: mcc.code }), TOP_CARDS_PER_MCC, { earnTable: earnTablePaths.mcc(mcc.code), channel: 'in_store' })}
<p class="muted">${RANKING_NOTE} <a href="${href(model, publicPath(PUBLIC_FILES.mccRecord, { code: mcc.code }))}">This record as JSON</a>.</p>
<h2>About MCC ${mcc.code}</h2>
<dl class="facts">
<dt>Category group</dt><dd><a href="${href(model, sitePaths.mccGroup(mcc.category_group))}">${mcc.category_group}</a></dd>
<dt>Merchants in the dataset</dt><dd>${total}</dd>
<dt>Bonus categories</dt><dd>${
        categories.length === 0
          ? 'none: cards earn their base rate here'
          : categories.map((c, i) => html`${i > 0 && ', '}<a href="${href(model, sitePaths.best(c.category))}">${c.category_name}</a>`)
      }</dd>
</dl>
<h2>Popular merchants</h2>
${
  merchants.length === 0
    ? html`<p>No merchant with a page of its own uses this code.</p>`
    : html`<ul class="columns">${merchants.map((m) => html`<li><a href="${href(model, sitePaths.merchant(m.slug))}">${m.name}</a></li>`)}</ul>`
}${total > merchants.length && html`<p class="muted">${total} merchants in the dataset use this code; the most popular are listed.</p>`}`;
      yield renderPage(model, {
        path: sitePaths.mcc(mcc.code),
        title: `MCC ${mcc.code}: ${mcc.description}`,
        description: `Merchant category code ${mcc.code} (${mcc.description}): the credit cards that earn the most there and the merchants that use it.`,
        body,
        scripts: [walletScript.href],
      });
    }
  },
};
