/** The stylesheet and the browser scripts (home search, my cards, MCC widget), copied into the tree as they are. */
import type { Artefact } from '../artefact.ts';
import { searchScript, stylesheet, walletScript, widgetScript } from './internal/assets.ts';

export const siteAssets: Artefact = {
  name: 'site assets',
  *derive() {
    for (const asset of [stylesheet, searchScript, walletScript, widgetScript]) yield { path: asset.file, bytes: asset.bytes };
  },
};
