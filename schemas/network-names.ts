/** Card networks as people write them, in one place for the site's pages and the browser scripts. */
import type { CardRow } from './dataset.ts';

/** The name of each network the dataset knows (`mastercard` → Mastercard). */
export const NETWORK_NAMES: Readonly<Record<CardRow['network'], string>> = {
  amex: 'American Express',
  discover: 'Discover',
  mastercard: 'Mastercard',
  visa: 'Visa',
};

/** A network's name; one this version does not know (a newer earn table's) as it is written. */
export function networkName(network: string): string {
  return Object.hasOwn(NETWORK_NAMES, network) ? NETWORK_NAMES[network as CardRow['network']] : network;
}
