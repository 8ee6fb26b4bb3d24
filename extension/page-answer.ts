/** The answer for one page, as the badge and the popup both ask it: the settings, the public files, then extension/answer.ts. */
import { type Answer, answerAt, findPlace, hostOf, placeTable } from './answer.ts';
import { loadTables } from './public-files.ts';
import { readSettings, type StoredSettings } from './settings.ts';

export interface PageAnswer {
  /** The page's host as matched (no www.). */
  readonly host: string;
  readonly answer: Answer;
  readonly settings: StoredSettings;
}

/** The answer for the page at `url`, or undefined for a page that is not a web site. */
export async function answerForPage(url: string | undefined): Promise<PageAnswer | undefined> {
  const host = url === undefined ? undefined : hostOf(url);
  if (host === undefined) return undefined;
  const settings = await readSettings();
  const { index, everyday } = await loadTables(settings.baseUrl);
  const place = findPlace(index, host);
  const table = placeTable(index, place, everyday);
  return { host, answer: answerAt(place, table, settings), settings };
}
