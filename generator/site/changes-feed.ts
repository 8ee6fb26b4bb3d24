/** `/changes.xml`: the builds' change history as an Atom feed (RFC 4287), newest build first, dated by the dataset, never the clock. */
import type { HistoryArtefact } from '../artefact.ts';
import type { BuildChange } from '../../schemas/keyed.ts';
import type { Model } from '../engine/model.ts';
import { changeLines, entryAnchor } from './internal/change-lines.ts';
// `html` escapes exactly the five characters XML needs escaped (& < > " '), with entities XML knows.
import { html } from './internal/html.ts';
import { pageUrl, sitePaths } from '../views/site-paths.ts';

export const FEED_TITLE = 'cardrewards: what each build changed';

/** An Atom date-time for a dataset date: midnight UTC of that day. */
const atomTime = (date: string) => `${date}T00:00:00Z`;

function entry(model: Model, build: BuildChange) {
  const link = `${pageUrl(model, sitePaths.changes)}#${entryAnchor(build)}`;
  const content = html`<ul>${changeLines(build).map((line) => html`<li>${line}</li>`)}</ul>`.toString();
  return html`<entry>
<id>${link}</id>
<title>Build ${build.sequence} (${build.build}), dataset of ${build.date}</title>
<updated>${atomTime(build.date)}</updated>
<link rel="alternate" type="text/html" href="${link}"/>
<summary type="text">${build.summary}</summary>
<content type="html">${content}</content>
</entry>
`;
}

export const changesFeed: HistoryArtefact = {
  name: 'changes feed',
  files: /^public\/changes\.xml$/,
  *derive(model, history) {
    const self = pageUrl(model, sitePaths.changesFeed);
    // A feed's date is its newest entry's; a history always has at least one build.
    const updated = atomTime(history[0]?.date ?? model.date);
    const feed = html`<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<id>${self}</id>
<title>${FEED_TITLE}</title>
<subtitle>One entry per published build whose answers changed: top cards, recommendation winners, annual fees, valuations and portal rates.</subtitle>
<updated>${updated}</updated>
<link rel="self" type="application/atom+xml" href="${self}"/>
<link rel="alternate" type="text/html" href="${pageUrl(model, sitePaths.changes)}"/>
<author><name>cardrewards</name></author>
${history.map((build) => entry(model, build))}</feed>
`;
    yield { path: `public${sitePaths.changesFeed}`, bytes: Buffer.from(feed.toString(), 'utf8') };
  },
};
