/**
 * `/card/{slug}` for every card, `/issuer/{slug}` listing an issuer's cards and `/card` listing the issuers:
 * what the free `/api/cards/{id}` says, for readers. One page of every card would outgrow the site's 30 KB a page.
 */
import { allPurchasesRuleOf } from '../engine/ranking.ts';
import type { Artefact } from '../artefact.ts';
import { byText, cardDetailOf, issuerName } from '../views/index.ts';
import type { CardRow } from '../../schemas/dataset.ts';
import { grouped, networkName, num, rateText, usd } from './internal/format.ts';
import { externalHref, html } from './internal/html.ts';
import { renderPage } from './internal/layout.ts';
import { href, sitePaths } from '../views/site-paths.ts';
import { keyedTarget } from '../../schemas/keyed-routes.ts';

const PERIOD: Readonly<Record<string, string>> = {
  once: 'once',
  month: 'a month',
  quarter: 'a quarter',
  half_year: 'every half year',
  year: 'a year',
  four_years: 'every four years',
  ongoing: '',
};

export const cardPages: Artefact = {
  name: 'card pages',
  *derive(model) {
    const cards = [...model.cardBySlug.values()].sort((a, b) => byText(a.slug, b.slug));
    for (const card of cards) {
      const detail = cardDetailOf(model, card);
      const rate = (value: number) => rateText(model, card, value);
      const body = html`<h1>${card.name}</h1>
${card.status === 'discontinued' && html`<p><strong>No longer offered to new applicants.</strong> It is not ranked anywhere on this site.</p>`}
<dl class="facts">
<dt>Issuer</dt><dd><a href="${href(model, sitePaths.issuer(card.issuer))}">${detail.issuer_name}</a></dd>
<dt>Network</dt><dd>${networkName(card.network)}</dd>
<dt>For</dt><dd>${card.segment}</dd>
<dt>Annual fee</dt><dd>${usd(card.annual_fee)}${card.first_year_fee !== null && ` (first year ${usd(card.first_year_fee)})`}</dd>
<dt>Foreign transaction fee</dt><dd>${card.foreign_tx_fee === null ? 'not confirmed: no issuer or reviewer page we read states it' : `${num(card.foreign_tx_fee)} %`}</dd>
<dt>Rewards</dt><dd>${detail.program_name}, valued at ${num(detail.cents_per_point)}¢ a point${detail.valuation_basis === 'assumed' && ' (assumed: no published valuation)'}</dd>
<dt>Base rate</dt><dd>${rate(card.base_rate)} on everything else${allPurchasesRuleOf(model, card) !== null && ' once the all-purchases cap is spent'}</dd>
${detail.signup_bonus !== null && html`<dt>Sign-up bonus</dt><dd>${detail.signup_bonus.unit === 'usd' ? usd(detail.signup_bonus.amount) : `${grouped(detail.signup_bonus.amount)} points`}${detail.signup_bonus.spend_usd !== null && ` after ${usd(detail.signup_bonus.spend_usd)} spent`}${detail.signup_bonus.months !== null && ` in ${detail.signup_bonus.months} months`}</dd>`}
</dl>
<h2>Bonus categories</h2>
${
  detail.rewards.length === 0
    ? html`<p>None: the base rate applies everywhere.</p>`
    : html`<div class="scroll" role="region" aria-label="Bonus categories of ${card.name}" tabindex="0"><table>
<thead><tr><th scope="col">Category</th><th scope="col" class="num">Rate</th><th scope="col">Conditions</th></tr></thead>
<tbody>
${detail.rewards.map(
  (
    reward,
  ) => html`<tr><td><a href="${href(model, sitePaths.best(reward.category))}">${reward.category_name}</a></td><td class="num">${rate(reward.rate)}</td><td>${[
    reward.cap && `up to ${usd(reward.cap.usd)} a ${reward.cap.period}, then ${rate(reward.cap.rate_after)}`,
    reward.channel === 'portal' && 'booked through the issuer’s travel portal',
    reward.channel === 'direct' && 'paid directly',
    reward.selection !== 'fixed' && reward.selection,
    (reward.valid_from !== null || reward.valid_to !== null) && `${reward.valid_from ?? ''} to ${reward.valid_to ?? ''}`,
    !reward.in_force && 'not in force now',
  ]
    .filter((part): part is string => typeof part === 'string')
    .join('; ')}</td></tr>
`,
)}</tbody></table></div>`
}
${
  detail.benefits.length > 0 &&
  html`<h2>Benefits and credits</h2>
<ul>${detail.benefits.map((b) => html`<li>${b.name}${b.value_usd !== null && `: ${usd(b.value_usd)} ${PERIOD[b.period] ?? ''}`}</li>`)}</ul>`
}
<p class="muted">Source: <a href="${externalHref(card.source_url)}">the issuer’s page</a>, read on ${card.as_of}. <a href="${href(model, sitePaths.docs)}">The API</a> has the full record (<code>${keyedTarget('cards-detail', { id: card.slug })}</code>).</p>`;
      yield renderPage(model, {
        path: sitePaths.card(card.slug),
        title: card.name,
        description: `${card.name} (${detail.issuer_name}): annual fee ${usd(card.annual_fee)}, ${rate(card.base_rate)} base rate and ${detail.rewards.length} bonus categories.`,
        body,
      });
    }

    const byIssuer = new Map<string, CardRow[]>();
    for (const card of cards) byIssuer.set(card.issuer, [...(byIssuer.get(card.issuer) ?? []), card]);
    const nameOf = (slug: string) => issuerName(model, slug);
    const issuers = [...byIssuer.keys()].sort((a, b) => byText(nameOf(a), nameOf(b)));
    const counted = (list: readonly CardRow[]) => {
      const closed = list.filter((card) => card.status === 'discontinued').length;
      return `${list.length} card${list.length === 1 ? '' : 's'}${closed > 0 ? `, ${closed} discontinued` : ''}`;
    };
    for (const issuer of issuers) {
      const list = byIssuer.get(issuer) ?? [];
      const website = model.issuers.get(issuer)?.website;
      yield renderPage(model, {
        path: sitePaths.issuer(issuer),
        title: `${nameOf(issuer)} cards`,
        description: `The ${list.length} ${nameOf(issuer)} credit cards in the dataset, with their annual fees.`,
        body: html`<h1>${nameOf(issuer)}</h1>
<p>${counted(list)} in the dataset${website !== undefined && html`; the issuer’s site: <a href="${externalHref(website)}">${new URL(website).hostname}</a>`}. <a href="${href(model, sitePaths.cards)}">Every issuer</a>.</p>
<ul>${list.map(
          (card) =>
            html`<li><a href="${href(model, sitePaths.card(card.slug))}">${card.name}</a> <span class="muted">${usd(card.annual_fee)}${card.status === 'discontinued' && ', discontinued'}</span></li>`,
        )}</ul>`,
      });
    }
    yield renderPage(model, {
      path: sitePaths.cards,
      title: 'Every card',
      description: `The ${cards.length} credit cards in the dataset, by issuer.`,
      body: html`<h1>Every card</h1>
<p>${model.activeCards.length} cards open to new applicants and ${cards.length - model.activeCards.length} discontinued ones, from ${issuers.length} issuers.</p>
<ul>${issuers.map(
        (issuer) =>
          html`<li><a href="${href(model, sitePaths.issuer(issuer))}">${nameOf(issuer)}</a> <span class="muted">${counted(byIssuer.get(issuer) ?? [])}</span></li>`,
      )}</ul>`,
    });
  },
};
