/*
 * The popup (issue 43): for the site in the current tab, my best card for a purchase online, its
 * value and conditions, my other cards in order, the cards this merchant does not take online and
 * what it does take, and (when asked for in the options) the best card I do not hold. Computed in
 * the extension from public files (extension/page-answer.ts); nothing about the site or the cards
 * is sent. `popup.html?tab=N` answers for tab N (the tests open it so; the toolbar opens it plain).
 */
import { cardRow, type RowPaths, rateText, rowFactsOf, valueText } from '../schemas/card-row.ts';
import type { WalletChoice } from '../schemas/choose-from-wallet.ts';
import type { EarnTableEntry } from '../schemas/keyed.ts';
import { networkName } from '../schemas/network-names.ts';
import { element, nodeOf } from '../browser/dom.ts';
import type { Answer } from './answer.ts';
import { answerForPage, type PageAnswer } from './page-answer.ts';

const place = document.getElementById('place')!;
const status = document.getElementById('status')!;
const region = document.getElementById('answer')!;

/** The tab the popup answers for: the one named in its address, else the active tab of its window. */
async function currentTab(): Promise<chrome.tabs.Tab | undefined> {
  const named = Number(new URLSearchParams(location.search).get('tab'));
  if (Number.isInteger(named) && named > 0) return chrome.tabs.get(named);
  return (await chrome.tabs.query({ active: true, currentWindow: true }))[0];
}

const headCell = (text: string) => element('th', { scope: 'col' }, text);

/** My cards in order, as the site's ranked tables show a row (schemas/card-row.ts). */
function rankedTable(answer: Answer, paths: RowPaths): HTMLElement {
  const body = element('tbody');
  for (const choice of answer.mine) body.append(nodeOf(cardRow(rowFactsOf(choice.entry, 'online'), choice.rank, paths)));
  return element(
    'table',
    { id: 'my-cards' },
    element('caption', {}, 'My cards here, best first (online)'),
    element('thead', {}, element('tr', {}, headCell('#'), headCell('Card'), headCell('Rate'), headCell('Value'), headCell('Why'))),
    body,
  );
}

/** One card in a sentence: its name, rate and value, and what its rate needs of the holder. */
function cardSummary(id: string, lead: string, choice: WalletChoice<EarnTableEntry>): HTMLElement {
  const conditions = choice.conditions.map((condition) => element('li', {}, condition.note));
  return element(
    'section',
    { id, 'aria-labelledby': `${id}-title` },
    element('h2', { id: `${id}-title` }, lead),
    element(
      'p',
      {},
      element('strong', { class: 'card-name' }, choice.name),
      `: ${rateText(choice.entry.cash_back, choice.rate)}, ${valueText(choice.value_cents, choice.values.standalone_basis)}`,
    ),
    ...(conditions.length === 0
      ? [element('p', { class: 'muted' }, 'No condition.')]
      : [element('ul', { class: 'conditions' }, ...conditions)]),
  );
}

function render({ host, answer, settings }: PageAnswer): void {
  place.textContent = answer.merchantName === null ? `${host}: a site we do not know` : `${answer.merchantName} (${answer.matchedDomain})`;
  const paths: RowPaths = {
    card: (slug) => new URL(`card/${slug}`, settings.baseUrl).href,
    best: (category) => new URL(`best/${category}`, settings.baseUrl).href,
  };
  const parts: HTMLElement[] = [];
  const top = answer.mine[0];
  if (settings.wallet.length === 0) status.textContent = 'Choose the cards you hold in the settings to see the best of them here.';
  else if (top === undefined) status.textContent = 'None of your cards can be used on this site.';
  else {
    status.textContent =
      answer.merchantName === null
        ? 'Everyday spending: no bonus category of your cards is known to cover this site.'
        : 'Paying online on this site.';
    parts.push(cardSummary('best', 'Use', top), rankedTable(answer, paths));
  }
  if (answer.refused.length > 0)
    parts.push(
      element(
        'p',
        { id: 'refused' },
        `Not taken here online: ${answer.refused.map((entry) => `${entry.name} (${networkName(entry.network)})`).join(', ')}.`,
      ),
    );
  if (answer.online !== undefined) {
    const takes = answer.online.networks.length === 0 ? 'no credit card' : `only ${answer.online.networks.map(networkName).join(' and ')}`;
    parts.push(element('p', { id: 'online' }, `Online, ${answer.merchantName ?? 'this site'} takes ${takes}: ${answer.online.note}`));
  }
  if (answer.suggestion !== undefined) parts.push(cardSummary('suggestion', 'Best card I do not hold', answer.suggestion));
  region.replaceChildren(...parts);
  document.getElementById('source')!.textContent =
    `Rules in force on ${answer.evaluatedOn}, from ${new URL(settings.baseUrl).host}; computed in this browser.`;
}

// Links open in a tab of their own, not inside the popup.
document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  if (link === null) return;
  event.preventDefault();
  chrome.tabs.create({ url: link.href }).catch(() => undefined);
});

currentTab()
  .then((tab) => answerForPage(tab?.url))
  .then((page) => {
    if (page === undefined) status.textContent = 'Open a shopping site to see the best of your cards there.';
    else render(page);
  })
  .catch((error: unknown) => {
    status.textContent = `The service could not be reached (${error instanceof Error ? error.message : String(error)}). Check its address in the settings.`;
  });
