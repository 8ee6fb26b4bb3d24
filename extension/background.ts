/*
 * The cardrewards extension's service worker (issue 43): on every page a tab opens, the badge shows
 * the best rate among the cards the person holds when the site is a merchant we know. It reads the
 * tab's address (the `tabs` permission) and sends it nowhere: the answer is computed here from two
 * public files fetched at install, the same whatever the site (extension/public-files.ts, docs/extension.md).
 */
import { badgeText } from './answer.ts';
import { answerForPage } from './page-answer.ts';
import { loadTables } from './public-files.ts';
import { onSettingsChanged, readSettings } from './settings.ts';

async function showBadge(tabId: number, url: string | undefined): Promise<void> {
  const page = await answerForPage(url).catch(() => undefined);
  const text = page === undefined ? '' : badgeText(page.answer);
  const top = page?.answer.mine[0];
  await chrome.action.setBadgeText({ tabId, text });
  await chrome.action.setTitle({
    tabId,
    title: top !== undefined && text !== '' ? `${page?.answer.merchantName}: ${top.name}, ${text}` : 'cardrewards: the best of my cards',
  });
}

chrome.action.setBadgeBackgroundColor({ color: '#1b5e20' }).catch(() => undefined);

chrome.runtime.onInstalled.addListener(() => {
  readSettings()
    .then((settings) => loadTables(settings.baseUrl))
    .catch(() => undefined);
});

chrome.tabs.onUpdated.addListener((tabId, change, tab) => {
  if (change.url !== undefined || change.status === 'complete') showBadge(tabId, tab.url).catch(() => undefined);
});
chrome.tabs.onActivated.addListener(({ tabId }) => {
  chrome.tabs
    .get(tabId)
    .then((tab) => showBadge(tabId, tab.url))
    .catch(() => undefined);
});

// New cards or another service: every open tab's badge is redone.
onSettingsChanged(() => {
  chrome.tabs
    .query({})
    .then((tabs) => Promise.all(tabs.map((tab) => (tab.id === undefined ? undefined : showBadge(tab.id, tab.url)))))
    .catch(() => undefined);
});
