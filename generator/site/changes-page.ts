/** `/changes`: the builds' change history for people, newest first; the Atom feed links each entry here. */
import type { HistoryArtefact } from '../artefact.ts';
import { HISTORY_LIMIT } from '../../schemas/keyed/meta.ts';
import { changeLines, entryAnchor } from './internal/change-lines.ts';
import { html } from './internal/html.ts';
import { renderPage } from './internal/layout.ts';
import { href, sitePaths } from '../views/site-paths.ts';
import { keyedTarget } from '../../schemas/keyed-routes.ts';

export const changesPage: HistoryArtefact = {
  name: 'changes page',
  files: /^public\/changes\/index\.html$/,
  *derive(model, history) {
    const body = html`<h1>What each build changed</h1>
<p class="lead">Every published build whose answers changed, newest first (the last ${HISTORY_LIMIT} at most), each compared with the build before it.
Also as an <a href="${href(model, sitePaths.changesFeed)}">Atom feed</a>, and for API keys at <code>${keyedTarget('changes')}</code>.</p>
${history.map(
  (build) => html`<section aria-labelledby="${entryAnchor(build)}">
<h2 id="${entryAnchor(build)}">Build ${build.sequence}: dataset of ${build.date}</h2>
<p>Build <code>${build.build}</code>${build.previous_build === null ? '' : html`, after <code>${build.previous_build}</code>`}${build.dataset_commit === null ? '' : html`, dataset commit <code>${build.dataset_commit}</code>`}. ${build.summary}</p>
<ul>
${changeLines(build).map((line) => html`<li>${line}</li>\n`)}</ul>
</section>
`,
)}`;
    yield renderPage(model, {
      path: sitePaths.changes,
      title: 'What each build changed',
      description:
        'The published builds of the cardrewards data, newest first, with the top cards, fees, valuations and portal rates each one changed.',
      body,
    });
  },
};
