/** `/stats`: what the dataset holds, as counts, coverage and charts drawn at build time. */
import type { Artefact } from '../artefact.ts';
import type { Model } from '../engine/model.ts';
import { issuerName } from '../views/cards.ts';
import { staticMerchants } from '../views/static-limits.ts';
import { type Bar, barChart } from './internal/bar-chart.ts';
import { datasetDigest, downloadDate, rowCounts } from './internal/dataset-files.ts';
import { grouped, networkName, percent } from './internal/format.ts';
import { html } from './internal/html.ts';
import { renderPage } from './internal/layout.ts';
import { href, sitePaths } from '../views/site-paths.ts';
import { sqlTableName } from './internal/sqlite.ts';

/** Counts of `keys`, largest first, ties by name. */
function countBy(keys: readonly string[]): Bar[] {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts].map(([label, value]) => ({ label, value })).sort((a, b) => b.value - a.value || (a.label < b.label ? -1 : 1));
}

function coverage(model: Model) {
  const merchants = model.merchants;
  const programs = [...model.programs.values()];
  const coded = new Set([...model.categoryMccs.values()].flatMap((byIssuer) => [...byIssuer.values()].flatMap((codes) => [...codes])));
  return [
    ['Merchants with a web domain', merchants.filter((m) => m.domains.length > 0).length, merchants.length],
    ['Merchants with a page and a static record', staticMerchants(merchants).length, merchants.length],
    ['Programs with a published point value', programs.filter((p) => p.cents_per_point !== null).length, programs.length],
    ['MCC codes inside at least one bonus category', model.mccs.filter((m) => coded.has(m.code)).length, model.mccs.length],
    ['Cards open to new applicants', model.activeCards.length, model.cardBySlug.size],
  ] as const;
}

export const statsPage: Artefact = {
  name: 'stats page',
  *derive(model) {
    const active = model.activeCards;
    const byIssuer = countBy(active.map((card) => issuerName(model, card.issuer)));
    const byNetwork = countBy(active.map((card) => networkName(card.network)));
    const byGroup = countBy(model.merchants.map((m) => model.mccByCode.get(m.mcc)?.category_group ?? 'unknown'));
    const body = html`<h1>Dataset statistics</h1>
<dl class="facts">
<dt>Dataset date</dt><dd>${downloadDate(model)} (the latest day a fact was read from its source)</dd>
<dt>Rankings as of</dt><dd>${model.date}</dd>
<dt>Dataset digest</dt><dd><code>${datasetDigest(model)}</code> (SHA-256 of the <a href="${href(model, sitePaths.download)}">downloadable files</a>; the build id, a hash of every answer including this page, is on the <a href="${href(model, sitePaths.changes)}">changes page</a>)</dd>
</dl>
<h2>Rows per table</h2>
<div class="scroll" role="region" aria-label="Rows per table" tabindex="0"><table>
<thead><tr><th scope="col">Table</th><th scope="col" class="num">Rows</th></tr></thead>
<tbody>
${rowCounts(model).map(({ table, rows }) => html`<tr><td>${sqlTableName(table)}</td><td class="num">${grouped(rows)}</td></tr>\n`)}</tbody></table></div>
<h2>Coverage</h2>
<div class="scroll" role="region" aria-label="Coverage" tabindex="0"><table>
<thead><tr><th scope="col">Share</th><th scope="col" class="num">Count</th><th scope="col" class="num">Percent</th></tr></thead>
<tbody>
${coverage(model).map(([label, part, whole]) => html`<tr><td>${label}</td><td class="num">${grouped(part)} of ${grouped(whole)}</td><td class="num">${percent(part, whole)}</td></tr>\n`)}</tbody></table></div>
<h2>Cards by issuer</h2>
${barChart('chart-issuers', 'Active cards by issuer', byIssuer)}
<h2>Cards by network</h2>
${barChart('chart-networks', 'Active cards by network', byNetwork)}
<h2>Merchants by category group</h2>
${barChart('chart-groups', 'Merchants by the category group of their MCC', byGroup)}`;
    yield renderPage(model, {
      path: sitePaths.stats,
      title: 'Dataset statistics',
      description: 'Row counts, cards by issuer and network, merchants by category group, and coverage of the cardrewards dataset.',
      body,
    });
  },
};
