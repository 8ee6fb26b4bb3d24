/** `/download`: the dataset as a ZIP of its CSV files (with README and LICENSE) and as a SQLite database, both byte-deterministic. */
import type { Artefact } from '../artefact.ts';
import { datasetDigest, datasetEntries, downloadDate, downloadFiles, rowCounts } from './internal/dataset-files.ts';
import { grouped } from './internal/format.ts';
import { html } from './internal/html.ts';
import { renderPage } from './internal/layout.ts';
import { href, sitePaths } from '../views/site-paths.ts';
import { createDatabase, sqlTableName } from './internal/sqlite.ts';
import { createZip } from './internal/zip.ts';
import { extensionZip } from './extension-package.ts';
import { PUBLIC_FILES } from '../../schemas/public-files.ts';

/** A size in KiB or MiB, one decimal. */
function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${(bytes / 1024).toFixed(1)} KiB`;
}

export const downloadPage: Artefact = {
  name: 'dataset download',
  *derive(model) {
    const date = downloadDate(model);
    const files = downloadFiles(model);
    const zip = createZip(datasetEntries(model), date);
    const sqlite = createDatabase(model.dataset);
    yield { path: `public${files.zip}`, bytes: zip };
    yield { path: `public${files.sqlite}`, bytes: sqlite };
    const zipName = files.zip.split('/').pop() ?? '';
    const sqliteName = files.sqlite.split('/').pop() ?? '';
    const extensionSize = extensionZip(model).length;
    yield renderPage(model, {
      path: sitePaths.download,
      title: 'Download the dataset',
      description: `The cardrewards dataset of ${date} as CSV files and as a SQLite database, under the MIT licence.`,
      body: html`<h1>Download the dataset</h1>
<p class="lead">Everything this site and the API are computed from: ${model.cardBySlug.size} cards, their reward rules and benefits, ${model.mccs.length} merchant
category codes, ${grouped(model.merchants.length)} merchants and more, every row with its source and the day it was read. Free to use under the MIT licence.</p>
<ul>
<li><a href="${href(model, files.zip)}" download>${zipName}</a> (${size(zip.length)}): every CSV file, the dataset’s README (what each column means) and the LICENSE.</li>
<li><a href="${href(model, files.sqlite)}" download>${sqliteName}</a> (${size(sqlite.length)}): the same tables in one SQLite database, typed, with primary and foreign keys. Open it with <code>sqlite3</code>, <code>datasette ${sqliteName}</code> or any SQL client.</li>
</ul>
<p>Dataset of ${date}, digest <code>${datasetDigest(model)}</code>. Both files are byte-for-byte reproducible from the same data.</p>
<h2>Tables</h2>
<div class="scroll" role="region" aria-label="Tables of the dataset" tabindex="0"><table>
<thead><tr><th scope="col">CSV file</th><th scope="col">SQL table</th><th scope="col" class="num">Rows</th></tr></thead>
<tbody>
${rowCounts(model).map(({ table, rows }) => html`<tr><td>${table.file}</td><td>${sqlTableName(table)}</td><td class="num">${grouped(rows)}</td></tr>\n`)}</tbody></table></div>
<h2>Example</h2>
<pre><code>sqlite3 ${sqliteName} "SELECT c.name, r.rate FROM card_rewards r JOIN cards c ON c.slug = r.card WHERE r.category = 'groceries' ORDER BY r.rate DESC LIMIT 5;"</code></pre>
<h2 id="extension">Browser extension</h2>
<p><a href="${href(model, PUBLIC_FILES.extensionPackage)}" download>cardrewards-extension.zip</a> (${size(extensionSize)}): on a shopping site, the toolbar badge shows the best rate among the cards you hold, and its popup which of them to use there, why, and the cards the site does not take. Your cards and the sites you visit never leave your browser: it downloads only public files that are the same for everyone (a list of shopping sites, and the earnings of every card by merchant category) and works the answer out itself. It uses this site, ${model.baseUrl}, unless you point it elsewhere.</p>
<ol>
<li>Unzip the file into a folder you keep.</li>
<li>In Chrome, Edge, Brave, Opera or Vivaldi, open <code>chrome://extensions</code> (<code>edge://extensions</code> in Edge), turn on <strong>Developer mode</strong>, choose <strong>Load unpacked</strong> and pick the folder.</li>
<li>Click the extension’s icon, then <strong>My cards and settings</strong>, and tick the cards you hold.</li>
</ol>
<p>It asks to read the address of the tab you are on (to know the site) and to keep your choices; it reads nothing of the pages themselves. Firefox: open <code>about:debugging</code>, <strong>This Firefox</strong>, <strong>Load Temporary Add-on</strong> and pick <code>manifest.json</code> in the folder (until Firefox restarts).</p>
<p>See also the <a href="${href(model, sitePaths.stats)}">statistics</a> of this dataset.</p>`,
    });
  },
};
