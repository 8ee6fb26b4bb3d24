/** `/`: what the service is, a search box over the public search index (no key), and links to everything. */
import type { Artefact } from '../artefact.ts';
import { STATIC_MERCHANT_COUNT, staticMerchants } from '../views/static-limits.ts';
import { searchScript } from './internal/assets.ts';
import { html } from './internal/html.ts';
import { renderPage } from './internal/layout.ts';
import { href, sitePaths } from '../views/site-paths.ts';
import { PUBLIC_FILES } from '../../schemas/public-files.ts';

/** Popular merchants linked from the home page, and the everyday categories put first. */
const HOME_MERCHANTS = 24;
const FEATURED_CATEGORIES = [
  'groceries',
  'dining',
  'gas',
  'travel',
  'airfare',
  'hotels',
  'drugstores',
  'streaming',
  'transit',
  'online-shopping',
];

export const homePage: Artefact = {
  name: 'home page',
  *derive(model) {
    const featured = FEATURED_CATEGORIES.map((slug) => model.categories.get(slug)).filter((c) => c !== undefined);
    const body = html`<h1>Which credit card earns the most, where</h1>
<p class="lead">cardrewards is open data on US credit card rewards. For each of the ${model.mccs.length} merchant category codes (MCC) and the
${Math.min(STATIC_MERCHANT_COUNT, model.merchants.length)} most popular merchants it names the cards that earn the most, and the rule behind each rate,
computed ahead of time from a public dataset of ${model.cardBySlug.size} cards.</p>
<form class="search" role="search" id="search-form" action="${href(model, sitePaths.home)}">
<label for="q">Search a merchant or an MCC code</label>
<input id="q" name="q" type="search" autocomplete="off" spellcheck="false" placeholder="Costco, 5411, coffee…">
</form>
<p id="search-status" class="muted" aria-live="polite">The search reads <a href="${href(model, PUBLIC_FILES.searchIndex)}">${PUBLIC_FILES.searchIndex}</a>, a public file: no key needed.</p>
<ul id="results" class="plain"></ul>
<h2>Best cards for…</h2>
<ul class="columns">${featured.map((c) => html`<li><a href="${href(model, sitePaths.best(c.slug))}">${c.name}</a></li>`)}
<li><a href="${href(model, sitePaths.bestIndex)}">every category</a></li></ul>
<h2>Popular merchants</h2>
<ul class="columns">${staticMerchants(model.merchants)
      .slice(0, HOME_MERCHANTS)
      .map((m) => html`<li><a href="${href(model, sitePaths.merchant(m.slug))}">${m.name}</a></li>`)}</ul>
<h2>Everything here</h2>
<ul>
<li><a href="${href(model, sitePaths.mccGroups)}">All ${model.mccs.length} MCC codes</a>, by group, each with its top cards</li>
<li><a href="${href(model, sitePaths.cards)}">Every card</a>: fees, rates and bonus categories</li>
<li><a href="${href(model, sitePaths.stats)}">Statistics</a> of the dataset</li>
<li><a href="${href(model, sitePaths.download)}">Download the dataset</a>: CSV files and a SQLite database, MIT licence</li>
<li><a href="${href(model, sitePaths.widget)}">The MCC lookup widget</a> for your own site</li>
<li><a href="${href(model, sitePaths.docs)}">The API</a>: free static JSON (no key) and keyed endpoints, documented with OpenAPI</li>
</ul>`;
    yield renderPage(model, {
      path: sitePaths.home,
      title: 'The best credit card for every merchant and category code',
      description: 'Open data on US credit card rewards: the best card for every merchant category code and popular merchant.',
      body,
      scripts: [searchScript.href],
    });
  },
};
