/** `/best/{category}` ("best card for groceries …") and `/best` listing them: the ranking of `/api/categories/{slug}/cards`, for readers. */
import type { Artefact } from '../artefact.ts';
import { merchantsWithPage } from '../views/static-limits.ts';
import { byText, cardsForCategory, categoryMccsOf } from '../views/index.ts';
import { num, rateText, usd } from './internal/format.ts';
import { html } from './internal/html.ts';
import { renderPage } from './internal/layout.ts';
import { href, sitePaths } from '../views/site-paths.ts';

/** Cards shown on a category page, and MCC codes listed before "and N more". */
export const CARDS_PER_CATEGORY_PAGE = 10;
const MCCS_PER_CATEGORY_PAGE = 40;

export const categoryPages: Artefact = {
  name: 'category pages',
  *derive(model) {
    const categories = [...model.categories.values()].sort((a, b) => byText(a.name.toLowerCase(), b.name.toLowerCase()));
    const leaders = new Map<string, string>();
    const withPage = new Set(merchantsWithPage(model).map((m) => m.slug));
    for (const category of categories) {
      const seen = new Set<string>();
      // One line per card: its best rule in force (the ranking lists a card once per rule).
      const ranked = cardsForCategory(model, category.slug)
        .filter((entry) => entry.in_force && !seen.has(entry.slug) && seen.add(entry.slug))
        .slice(0, CARDS_PER_CATEGORY_PAGE);
      if (ranked[0]) leaders.set(category.slug, ranked[0].name);
      const mccs = categoryMccsOf(model, category.slug);
      const merchants = [...model.merchantCategories]
        .filter(([, set]) => set.has(category.slug))
        .map(([slug]) => model.merchantBySlug.get(slug))
        .filter((m) => m !== undefined)
        .sort((a, b) => a.popularity_rank - b.popularity_rank);
      const body = html`<h1>Best credit cards for ${category.name}</h1>
<p class="lead">${category.description}.</p>
<h2>Top cards</h2>
${
  ranked.length === 0
    ? html`<p>No card has a bonus in this category now.</p>`
    : html`<div class="scroll" role="region" aria-label="Top cards for ${category.name}" tabindex="0"><table class="ranked">
<thead><tr><th scope="col">#</th><th scope="col">Card</th><th scope="col" class="num">Rate</th><th scope="col" class="num">Value</th><th scope="col">Conditions</th></tr></thead>
<tbody>
${ranked.map((entry, index) => {
  const card = model.cardBySlug.get(entry.slug)!;
  return html`<tr><td>${index + 1}</td><td><a href="${href(model, sitePaths.card(entry.slug))}">${entry.name}</a><br><span class="muted">${usd(entry.annual_fee)} a year</span></td><td class="num">${rateText(model, card, entry.rate)}</td><td class="num">${num(entry.value_cents)}¢ per $1</td><td>${
    [
      entry.cap && `up to ${usd(entry.cap.usd)} a ${entry.cap.period}`,
      entry.channel === 'portal' && 'through the issuer’s travel portal',
      entry.channel === 'direct' && 'paid directly',
      entry.selection !== 'fixed' && entry.selection,
      entry.valid_to !== null && `until ${entry.valid_to}`,
    ]
      .filter((part): part is string => typeof part === 'string')
      .join('; ') || 'none'
  }</td></tr>
`;
})}</tbody></table></div>
<p class="muted">Ranked by value (the rate times what a point of the card’s program is worth), then by lower annual fee; rules in force on ${model.date}.</p>`
}
${
  mccs.length > 0 &&
  html`<h2>Merchant category codes it covers</h2>
<ul class="columns">${mccs
    .slice(0, MCCS_PER_CATEGORY_PAGE)
    .map(
      (mcc) =>
        html`<li><a href="${href(model, sitePaths.mcc(mcc.code))}">${mcc.code}</a> ${mcc.description}${mcc.issuers !== null && html` <span class="muted">(${mcc.issuers.join(', ')} only)</span>`}</li>`,
    )}</ul>
${mccs.length > MCCS_PER_CATEGORY_PAGE && html`<p class="muted">and ${mccs.length - MCCS_PER_CATEGORY_PAGE} more codes.</p>`}`
}
${
  merchants.length > 0 &&
  html`<h2>Merchants it covers</h2>
<ul class="columns">${merchants.map((m) =>
    withPage.has(m.slug) ? html`<li><a href="${href(model, sitePaths.merchant(m.slug))}">${m.name}</a></li>` : html`<li>${m.name}</li>`,
  )}</ul>`
}`;
      yield renderPage(model, {
        path: sitePaths.best(category.slug),
        title: `Best credit cards for ${category.name}`,
        description: `The credit cards that earn the most on ${category.name.toLowerCase()}, ranked by what their points are worth.`,
        body,
      });
    }

    yield renderPage(model, {
      path: sitePaths.bestIndex,
      title: 'Best cards by category',
      description: 'The best credit card for groceries, dining, gas, travel and every other bonus category.',
      body: html`<h1>Best cards by category</h1>
<p>The card that earns the most in each bonus category, ranked by what its points are worth.</p>
<ul class="columns">${categories.map(
        (category) =>
          html`<li><a href="${href(model, sitePaths.best(category.slug))}">${category.name}</a>${leaders.has(category.slug) && html` <span class="muted">${leaders.get(category.slug)}</span>`}</li>`,
      )}</ul>`,
    });
  },
};
