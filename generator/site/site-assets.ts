/** The stylesheet and the two browser scripts (home search, MCC widget), copied into the tree as they are. */
import type { Artefact } from '../artefact.ts';
import { searchScript, stylesheet, widgetScript } from './internal/assets.ts';

export const siteAssets: Artefact = {
  name: 'site assets',
  *derive() {
    for (const asset of [stylesheet, searchScript, widgetScript]) yield { path: asset.file, bytes: asset.bytes };
  },
};
