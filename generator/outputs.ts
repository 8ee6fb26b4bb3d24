/** Every derived artefact, in one list: adding an endpoint is adding a file and a line here. */
import type { Artefact, HistoryArtefact } from './artefact.ts';
import { historyFile } from './writer/history.ts';
import { mccRecords } from './artefacts/mcc-records.ts';
import { merchantRecords } from './artefacts/merchant-records.ts';
import { searchIndex } from './artefacts/search-index.ts';
import { everydayEarnTableFile } from './artefacts/everyday-earn-table.ts';
import { openApi } from './artefacts/openapi.ts';
import { historyResponses, keyedResponses, routes } from './routes/index.ts';
import { homePage } from './site/home-page.ts';
import { mccPages } from './site/mcc-pages.ts';
import { mccGroupPages } from './site/mcc-group-pages.ts';
import { merchantPages } from './site/merchant-pages.ts';
import { cardPages } from './site/card-pages.ts';
import { categoryPages } from './site/category-pages.ts';
import { statsPage } from './site/stats-page.ts';
import { downloadPage } from './site/download-page.ts';
import { widgetPages } from './site/widget-pages.ts';
import { siteAssets } from './site/site-assets.ts';
import { extensionIndexFile } from './site/extension-index.ts';
import { extensionPackage } from './site/extension-package.ts';
import { changesFeed } from './site/changes-feed.ts';
import { changesPage } from './site/changes-page.ts';

export const artefacts: readonly Artefact[] = [
  mccRecords,
  merchantRecords,
  searchIndex,
  everydayEarnTableFile,
  keyedResponses,
  openApi(routes),
  // The public site (dist/public): pages behind every service_url, stats, the download and the widget.
  homePage,
  mccPages,
  mccGroupPages,
  merchantPages,
  cardPages,
  categoryPages,
  statsPage,
  downloadPage,
  widgetPages,
  siteAssets,
  // The browser extension's public index and its package (docs/extension.md).
  extensionIndexFile,
  extensionPackage,
];

/** Written after the others from the build's change history: the history file, /api/changes, the site's changes page and feed. */
export const historyArtefacts: readonly HistoryArtefact[] = [historyFile, historyResponses, changesPage, changesFeed];

/** Whether a path of the tree is one of the history's files (not an answer: the diff between builds leaves them out). */
export function historyFileTest(list: readonly HistoryArtefact[] = historyArtefacts): (path: string) => boolean {
  return (path) => list.some((artefact) => artefact.files.test(path));
}
