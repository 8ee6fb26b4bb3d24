/** `/merchant/{slug}`: one page per static merchant, with the same top card as its static record. */
import type { Artefact } from '../artefact.ts';
import { staticMerchants, topCardOfMerchant } from '../artefacts/static-limits.ts';
import { cardTable, RANKING_NOTE } from './internal/card-table.ts';
import { html } from './internal/html.ts';
import { renderPage } from './internal/layout.ts';
import { href, sitePaths } from './internal/paths.ts';

export const merchantPages: Artefact = {
  name: 'merchant pages',
  *derive(model) {
    for (const merchant of staticMerchants(model.merchants)) {
      const mcc = model.mccByCode.get(merchant.mcc);
      const top = topCardOfMerchant(model, merchant);
      if (!mcc || !top) throw new Error(`merchant ${merchant.slug}: no MCC ${merchant.mcc} or no active card`);
      const body = html`<h1>${merchant.name}</h1>
<dl class="facts">
<dt>Merchant category code</dt><dd><a href="${href(model, sitePaths.mcc(mcc.code))}">${mcc.code}: ${mcc.description}</a></dd>
<dt>Category group</dt><dd><a href="${href(model, sitePaths.mccGroup(mcc.category_group))}">${mcc.category_group}</a></dd>
<dt>Web domains</dt><dd>${
        merchant.domains.length === 0
          ? 'none known'
          : html`<ul class="plain">${merchant.domains.map((domain) => html`<li>${domain}</li>`)}</ul>`
      }</dd>
<dt>Popularity rank</dt><dd>${merchant.popularity_rank}</dd>
</dl>
<h2>Top card at ${merchant.name}</h2>
${cardTable(model, `Top card at ${merchant.name}`, [top])}
<p class="muted">${RANKING_NOTE} Every card for this code is ranked on the <a href="${href(model, sitePaths.mcc(mcc.code))}">MCC ${mcc.code} page</a>. <a href="${href(model, `/api/merchant/${merchant.slug}.json`)}">This record as JSON</a>.</p>`;
      yield renderPage(model, {
        path: sitePaths.merchant(merchant.slug),
        title: `Best credit card for ${merchant.name}`,
        description: `${merchant.name} uses merchant category code ${mcc.code} (${mcc.description}); the card that earns the most there is ${top.card.name}.`,
        body,
      });
    }
  },
};
