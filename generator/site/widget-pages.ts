/** `/widget/mcc.html` (the iframe variant of the lookup in `/widget/mcc.js`) and `/widget` (embed code and a live demo). */
import type { Artefact } from '../artefact.ts';
import { widgetScript } from './internal/assets.ts';
import { html } from './internal/html.ts';
import { renderPage } from './internal/layout.ts';
import { href, pageUrl, sitePaths } from '../views/site-paths.ts';
import { PUBLIC_FILES, publicFile } from '../../schemas/public-files.ts';

export const widgetPages: Artefact = {
  name: 'mcc widget',
  *derive(model) {
    const frame = html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>MCC lookup · cardrewards</title>
<style>body { margin: 8px; }</style>
</head>
<body>
<main><div data-cardrewards-mcc></div></main>
<script src="${href(model, widgetScript.href)}"></script>
</body>
</html>
`;
    yield { path: publicFile(PUBLIC_FILES.widgetFrame), bytes: Buffer.from(frame.toString(), 'utf8') };

    const scriptUrl = pageUrl(model, PUBLIC_FILES.widgetScript);
    const embed = `<script src="${scriptUrl}" async></script>\n<div data-cardrewards-mcc></div>`;
    const iframe = `<iframe src="${pageUrl(model, PUBLIC_FILES.widgetFrame)}" title="MCC lookup" width="100%" height="440" style="border:0"></iframe>`;
    yield renderPage(model, {
      path: sitePaths.widget,
      title: 'MCC lookup widget',
      description: 'Put a merchant category code lookup on your own site with one script tag.',
      body: html`<h1>MCC lookup widget</h1>
<p class="lead">A lookup box for your own site: a reader types a merchant or a merchant category code and sees the code, its description and the cards that earn the most there.</p>
<h2>Try it</h2>
<div data-cardrewards-mcc></div>
<h2>Embed it</h2>
<p>Paste these two lines where the box should appear:</p>
<pre><code>${embed}</code></pre>
<p>The script has no dependencies and reads only this site’s public files, across origins. Its box lives in a Shadow DOM, so your page’s CSS cannot break it and its CSS cannot leak into your page. To mount it on an element added later, call <code>CardRewardsMcc.mount(element)</code>.</p>
<p>Your reader can pick the cards they hold under “My cards”, and the box names the best of those cards first. The pick stays in their browser: it is kept in localStorage (on this site, the same pick as its pages’), the cards are ranked on their device from the public earn table, and no request names one.</p>
<p>If your site already knows which cards its reader holds, pass their slugs instead; while you do, your cards win and the picker is not shown (an empty list gives the choice back to the reader). The box names the best of those cards first: <code>&lt;div data-cardrewards-mcc data-cards="amex-gold,citi-double-cash"&gt;&lt;/div&gt;</code>, or later <code>CardRewardsMcc.setWallet(['amex-gold'])</code>, or a message to the widget’s window (the iframe’s too): <code>frame.contentWindow.postMessage({ type: 'cardrewards:wallet', cards: ['amex-gold'] }, '${pageUrl(model, '/')}')</code>. The cards are ranked in the browser from the public earn table (<code>${PUBLIC_FILES.earnTableMcc}</code>) and never sent; cards the merchant does not take in store are named, with why.</p>
<p>The box lists personal cards first, as the site’s pages do, and its reader can switch to business cards or every card; a site for businesses can start it there: <code>&lt;div data-cardrewards-mcc data-segment="business"&gt;&lt;/div&gt;</code> (<code>personal</code>, <code>business</code> or <code>all</code>).</p>
<p>Or, fully isolated, as an iframe:</p>
<pre><code>${iframe}</code></pre>
<p class="muted">The data behind it: <a href="${href(model, PUBLIC_FILES.searchIndex)}">${PUBLIC_FILES.searchIndex}</a> and one <code>${PUBLIC_FILES.mccRecord}</code> or <code>${PUBLIC_FILES.merchantRecord}</code> record per lookup, no key needed. <a href="${href(model, PUBLIC_FILES.widgetFrame)}">The iframe page alone</a>.</p>`,
      scripts: [widgetScript.href],
    });
  },
};
