/**
 * `/merchant/{slug}`: the answer for a person at the till, one page per merchant that has one (the
 * static merchants and the others whose answer is their own: merchantsWithPage): the 5 best
 * cards the merchant takes in store with the why, where it refuses some networks, the best current
 * portal rate (or since when none is known) and any live offer, with links to the JSON behind them.
 */
import type { Artefact } from '../artefact.ts';
import type { Model } from '../engine/model.ts';
import type * as Keyed from '../../schemas/keyed.ts';
import { merchantsWithPage, STATIC_MERCHANT_COUNT } from '../views/static-limits.ts';
import { acceptanceOf, DEFAULT_CHANNEL } from '../engine/acceptance.ts';
import { CHANNELS, type MerchantRow } from '../../schemas/dataset.ts';
import { FRESHNESS_HORIZON_DAYS, horizonStart } from '../engine/freshness.ts';
import { groupBy } from '../internal/group-by.ts';
import { offerInForce, offerUsable, portalChoice } from '../views/stack-values.ts';
import { acceptanceViews, hasStaticRecord, liveOffers, storeRates, storeRateText } from '../views/index.ts';
import { merchantView, type MerchantView } from '../views/merchant-view.ts';
import { RANKING_NOTE, segmentedCardTables } from './internal/card-table.ts';
import { networkName } from './internal/format.ts';
import { externalHref, type Html, html } from './internal/html.ts';
import { renderPage } from './internal/layout.ts';
import { href, sitePaths } from '../views/site-paths.ts';
import { PUBLIC_FILES, publicPath } from '../../schemas/public-files.ts';
import { walletScript } from './internal/assets.ts';
import { earnTableHref } from '../views/earn-table.ts';
import { keyedRoute, keyedTarget } from '../../schemas/keyed-routes.ts';

/** Cards the page lists: the first screen of a phone, and the 30 KB page budget. */
const PAGE_CARDS = 5;

const CHANNEL_WORDS: Readonly<Record<Keyed.NetworkAcceptance['channel'], string>> = { in_store: 'In store', online: 'Online' };

/** "Mastercard and Visa": a list of networks as a sentence says it. */
function networksText(networks: readonly string[]): string {
  const names = networks.map(networkName);
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The merchant's acceptance rule in one sentence, said before its ranking (issue 41): "Costco takes only
 * Visa in store and only Mastercard and Visa online; the 6 cards on other networks are left out of the
 * ranking below." Empty when it takes every network.
 */
function acceptanceSentence(name: string, restrictions: readonly Keyed.NetworkAcceptance[]): Html {
  if (restrictions.length === 0) return html``;
  const takes = restrictions.map((r) => {
    const networks = r.networks.length === 0 ? 'no credit card' : `only ${networksText(r.networks)}`;
    const fee = r.surcharge_percent === null ? '' : ` (with a ${r.surcharge_percent}% fee on credit card payments)`;
    return `${networks} ${CHANNEL_WORDS[r.channel].toLowerCase()}${fee}`;
  });
  const inStore = restrictions.find((r) => r.channel === DEFAULT_CHANNEL);
  const consequence =
    inStore === undefined
      ? ''
      : inStore.networks.length === 0
        ? ': no card earns anything at its tills'
        : inStore.cards_left_out > 0
          ? `; the ${inStore.cards_left_out} cards on other networks are left out of the ranking below`
          : '';
  return html`<p class="acceptance"><strong>${name} takes ${takes.join(' and ')}</strong>${consequence}.</p>`;
}

/** What each acceptance rule rests on (the dataset's research notes and sources), folded under the ranking. */
function acceptanceNotes(name: string, restrictions: readonly Keyed.NetworkAcceptance[]): Html {
  if (restrictions.length === 0) return html``;
  return html`<details class="acceptance-notes"><summary>Which cards ${name} takes: the notes and sources</summary>
<ul>${restrictions.map((r) => {
    const networks = r.networks.length === 0 ? 'no credit card' : `${r.networks.map(networkName).join(', ')} only`;
    const fee = r.surcharge_percent === null ? '' : `; a ${r.surcharge_percent}% fee on credit card payments`;
    return html`<li><strong>${CHANNEL_WORDS[r.channel]}</strong>: ${networks}${fee}. ${r.note} (<a href="${externalHref(r.source_url)}">source</a>, read on ${r.as_of}).</li>`;
  })}</ul></details>`;
}

function portalLine(model: Model, rates: readonly Keyed.StoreRate[]): Html {
  const { current, historical } = portalChoice(rates);
  if (current !== null) {
    const upTo = current.up_to ? 'up to ' : '';
    return html`<p><strong>Best current portal rate</strong>: ${upTo}${storeRateText(current)} on ${current.portal_name}, seen on ${current.observed_on}.</p>`;
  }
  const history =
    historical === null
      ? ''
      : html` The newest rate known, ${storeRateText(historical)} on ${historical.portal_name}, was seen on ${historical.observed_on}: history, not today’s deal.`;
  return html`<p><strong>Portal rate</strong>: none known since ${horizonStart(model.date)} (rates older than ${FRESHNESS_HORIZON_DAYS} days are not counted).${history}</p>`;
}

function offerLine(model: Model, merchant: MerchantRow, offers: readonly Keyed.Offer[]): Html {
  // An offer counts where the merchant takes a card it applies to, in store or online.
  const usable = (offer: Keyed.Offer) => CHANNELS.some((channel) => offerUsable(model, offer, acceptanceOf(model, merchant.slug, channel)));
  const live = offers.filter((offer) => offerInForce(offer) && usable(offer));
  if (live.length === 0)
    return html`<p><strong>Card-linked offer</strong>: none in force that ${merchant.name} takes a card for is known.</p>`;
  return html`<p><strong>Card-linked offers in force</strong>:</p><ul>${live.map(
    (o) =>
      html`<li>${o.kind === 'percent' ? `${o.value}% back` : `$${o.value} back`}${o.min_spend === null ? '' : ` on $${o.min_spend} or more`}${o.valid_to === null ? '' : `, until ${o.valid_to}`} (${o.issuer}; add it to the card first)</li>`,
  )}</ul>`;
}

function pageBody(model: Model, view: MerchantView, rates: readonly Keyed.StoreRate[], offers: readonly Keyed.Offer[]): Html {
  const { merchant, mcc } = view;

  const json = (path: string) => html`<a href="${href(model, path)}"><code>${path}</code></a>`;
  const restrictions = acceptanceViews(model, merchant);
  return html`<h1>${merchant.name}</h1>
${acceptanceSentence(merchant.name, restrictions)}
<h2>Best cards at ${merchant.name}, in store</h2>
${view.inStore.length === 0 ? html`<p>No card is ranked here.</p>` : segmentedCardTables(model, `Best cards at ${merchant.name}`, view.inStore, PAGE_CARDS, { earnTable: earnTableHref(model, { mcc: merchant.mcc, merchant: merchant.slug }), channel: DEFAULT_CHANNEL })}
<p class="muted">${RANKING_NOTE} Every card for this code is ranked on the <a href="${href(model, sitePaths.mcc(mcc.code))}">MCC ${mcc.code} page</a>.</p>
${acceptanceNotes(merchant.name, restrictions)}
<h2>Stacking online</h2>
${portalLine(model, rates)}
${offerLine(model, merchant, offers)}
<p class="muted">With an API key (pro tier), the whole stack as JSON: <code>${keyedTarget('compute-triple-stack', {}, { merchant: merchant.slug })}</code>; the 10 best cards online: <code>${keyedRoute('extension-recommend').path}?domain=${merchant.domains[0] ?? '…'}</code>. ${hasStaticRecord(model, merchant) ? html`This page’s record, free: ${json(publicPath(PUBLIC_FILES.merchantRecord, { slug: merchant.slug }))}.` : html`Its record, with an API key (starter tier): <code>${keyedTarget('merchants-detail', { slug: merchant.slug })}</code> (a free static record is kept for the ${STATIC_MERCHANT_COUNT.toLocaleString('en-US')} most popular merchants only).`}</p>
<h2>About ${merchant.name}</h2>
<dl class="facts">
<dt>Merchant category code</dt><dd><a href="${href(model, sitePaths.mcc(mcc.code))}">${mcc.code}: ${mcc.description}</a></dd>
<dt>Category group</dt><dd><a href="${href(model, sitePaths.mccGroup(mcc.category_group))}">${mcc.category_group}</a></dd>
<dt>Web domains</dt><dd>${
    merchant.domains.length === 0
      ? 'none known'
      : html`<ul class="plain">${merchant.domains.map((domain) => html`<li>${domain}</li>`)}</ul>`
  }</dd>
<dt>Popularity rank</dt><dd>${merchant.popularity_rank}</dd>
</dl>`;
}

export const merchantPages: Artefact = {
  name: 'merchant pages',
  *derive(model) {
    const rates = groupBy(storeRates(model), (r) => r.merchant);
    const offers = groupBy(liveOffers(model), (o) => o.merchant);
    for (const merchant of merchantsWithPage(model)) {
      const view = merchantView(model, merchant);
      const { mcc } = view;
      const top = view.inStore[0];
      yield renderPage(model, {
        path: sitePaths.merchant(merchant.slug),
        title: `Best credit card for ${merchant.name}`,
        description: `${merchant.name} uses merchant category code ${mcc.code} (${mcc.description}); ${top === undefined ? 'it takes no credit card in store' : `the card that earns the most there in store is ${top.card.name}`}.`,
        body: pageBody(model, view, rates.get(merchant.slug) ?? [], offers.get(merchant.slug) ?? []),
        scripts: [walletScript.href],
      });
    }
  },
};
