/** The shell every page shares: head, navigation, footer. A page gives its title, path and body. */
import type { RawOutput } from '../../artefact.ts';
import type { Model } from '../../engine/model.ts';
import { FEED_TITLE } from '../changes-feed.ts';
import { stylesheet } from './assets.ts';
import { type Html, html } from './html.ts';
import { href, pageFile, pageUrl, sitePaths } from '../../views/site-paths.ts';

export interface Page {
  /** Site path, e.g. `/mcc/5411`. */
  readonly path: string;
  readonly title: string;
  /** One sentence for search engines and link previews. */
  readonly description: string;
  readonly body: Html;
  /** Site paths of scripts to load (deferred). */
  readonly scripts?: readonly string[];
}

/** The HTML file of a page. */
export function renderPage(model: Model, page: Page): RawOutput {
  const nav = [
    [sitePaths.mccGroups, 'MCC codes'],
    [sitePaths.bestIndex, 'Best cards'],
    [sitePaths.cards, 'Cards'],
    [sitePaths.stats, 'Stats'],
    [sitePaths.changes, 'Changes'],
    [sitePaths.download, 'Download'],
    [sitePaths.widget, 'Widget'],
    [sitePaths.docs, 'API'],
  ] as const;
  const document = html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title} · cardrewards</title>
<meta name="description" content="${page.description}">
<link rel="canonical" href="${pageUrl(model, page.path)}">
<link rel="stylesheet" href="${href(model, stylesheet.href)}">
<link rel="alternate" type="application/atom+xml" title="${FEED_TITLE}" href="${href(model, sitePaths.changesFeed)}">
${(page.scripts ?? []).map((script) => html`<script src="${href(model, script)}" defer></script>\n`)}</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header><nav aria-label="Site"><a class="brand" href="${href(model, sitePaths.home)}">cardrewards</a>
${nav.map(([path, label]) => html`<a href="${href(model, path)}">${label}</a>\n`)}</nav></header>
<main id="main">
${page.body}
</main>
<footer><p>Open data on credit card rewards, compiled ahead of time from a public dataset (MIT licence). Rankings as of ${model.date}.
<a href="${href(model, sitePaths.download)}">Download the dataset</a> · <a href="${href(model, sitePaths.docs)}">API documentation</a></p></footer>
</body>
</html>
`;
  return { path: pageFile(page.path), bytes: Buffer.from(document.toString(), 'utf8') };
}
