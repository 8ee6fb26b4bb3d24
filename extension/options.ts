/*
 * The options page (issue 43): the "my cards" picker of the site (find a card, tick the ones held;
 * the cards it offers are the site's, browser/my-cards.ts pickableCards: the active ones and those
 * closed to applicants, labelled so), personal or business cards, the popup's suggestion (off by
 * default) and the service's address. Everything is kept in extension storage (extension/settings.ts),
 * which the service worker reads too (the site's picker keeps its choice in the page's localStorage,
 * which a service worker cannot); the list of cards is everyday spending's public earn table.
 */
import { element } from '../browser/dom.ts';
import { pickableCards } from '../browser/my-cards.ts';
import { walletEntries } from '../schemas/choose-from-wallet.ts';
import type { SegmentChoice } from './answer.ts';
import { loadTables } from './public-files.ts';
import { builtBaseUrl, reachableBaseUrl, readSettings, writeSettings } from './settings.ts';

const status = document.getElementById('status')!;
const list = document.getElementById('cards')!;
const filter = document.getElementById('filter') as HTMLInputElement;
const suggest = document.getElementById('suggest') as HTMLInputElement;
const baseUrl = document.getElementById('base-url') as HTMLInputElement;
const segments = [...document.querySelectorAll<HTMLInputElement>('input[name="segment"]')];

document.getElementById('base-url-help')!.textContent =
  `This extension was built for ${builtBaseUrl()}; it may also use a cardrewards start on this computer (http://localhost or http://127.0.0.1, any port). ` +
  'For a service elsewhere, install the extension from that service’s download page: each build makes one for its own address.';

let boxes: HTMLInputElement[] = [];
let segmentOf = new Map<string, string>();

/** The segment ticked on the page (kept in storage too): what the list shows at once, without reading storage. */
const chosenSegment = (): SegmentChoice => (segments.find((radio) => radio.checked)?.value ?? 'all') as SegmentChoice;

/** Shows the cards of the chosen segment that match the search, and every card held whatever it is. */
function applyFilter(): void {
  const segment = chosenSegment();
  const query = filter.value.trim().toLowerCase();
  for (const box of boxes) {
    const label = box.labels?.[0]?.textContent?.toLowerCase() ?? '';
    const shown = box.checked || ((segment === 'all' || segmentOf.get(box.value) === segment) && (query === '' || label.includes(query)));
    if (box.parentElement) box.parentElement.hidden = !shown;
  }
}

async function showCards(): Promise<void> {
  const settings = await readSettings();
  for (const radio of segments) radio.checked = radio.value === settings.segment;
  suggest.checked = settings.suggest;
  baseUrl.value = settings.baseUrl;
  const { everyday: table } = await loadTables(settings.baseUrl);
  const cards = pickableCards(table).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  segmentOf = new Map(walletEntries(table).map((entry) => [entry.slug, entry.segment]));
  const held = new Set(settings.wallet);
  boxes = cards.map((entry, position) => {
    const box = element('input', { type: 'checkbox', id: `card-${position}`, value: entry.slug });
    box.checked = held.has(entry.slug);
    return box;
  });
  list.replaceChildren(
    element('legend', {}, 'Cards I hold'),
    ...boxes.map((box, position) =>
      element('div', { class: 'card-choice' }, box, element('label', { for: box.id }, cards[position]!.name)),
    ),
  );
  applyFilter();
  status.textContent = `${held.size} of ${cards.length} cards chosen.`;
}

list.addEventListener('change', () => {
  const wallet = boxes.filter((box) => box.checked).map((box) => box.value);
  writeSettings({ wallet })
    .then(() => {
      status.textContent = `${wallet.length} of ${boxes.length} cards chosen.`;
    })
    .catch(() => undefined);
});
filter.addEventListener('input', applyFilter);
document.getElementById('clear')!.addEventListener('click', () => {
  for (const box of boxes) box.checked = false;
  applyFilter();
  writeSettings({ wallet: [] })
    .then(() => {
      status.textContent = `0 of ${boxes.length} cards chosen.`;
    })
    .catch(() => undefined);
});
for (const radio of segments)
  radio.addEventListener('change', () => {
    applyFilter();
    writeSettings({ segment: chosenSegment() }).catch(() => undefined);
  });
suggest.addEventListener('change', () => {
  writeSettings({ suggest: suggest.checked }).catch(() => undefined);
});
document.getElementById('service')!.addEventListener('submit', (event) => {
  event.preventDefault();
  const url = reachableBaseUrl(baseUrl.value);
  if (url === undefined) {
    status.textContent = `The extension cannot reach ${baseUrl.value}: see below for the addresses it may use.`;
    return;
  }
  writeSettings({ baseUrl: url })
    .then(showCards)
    .then(() => {
      status.textContent = `Now using ${url}.`;
    })
    .catch((error: unknown) => {
      status.textContent = `${url} could not be read (${error instanceof Error ? error.message : String(error)}).`;
    });
});

showCards().catch((error: unknown) => {
  status.textContent = `The service could not be reached (${error instanceof Error ? error.message : String(error)}). Check its address below.`;
});
