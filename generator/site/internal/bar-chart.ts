/** Horizontal bar charts as inline SVG, drawn at build time: no script, no library, labels escaped like all page text. */
import { type Html, html } from './html.ts';

export interface Bar {
  readonly label: string;
  readonly value: number;
}

const ROW = 24;
const LABEL_WIDTH = 210;
const BAR_WIDTH = 330;
const WIDTH = LABEL_WIDTH + BAR_WIDTH + 60;
const MAX_LABEL = 30;

/** A chart of `bars` (already in display order), with its data as a table for screen readers and for copying. */
export function barChart(id: string, title: string, bars: readonly Bar[]): Html {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const height = bars.length * ROW + 8;
  const clip = (label: string) => (label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label);
  return html`<figure>
<svg class="chart" id="${id}" role="img" aria-labelledby="${id}-title" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" xmlns="http://www.w3.org/2000/svg">
<title id="${id}-title">${title}: ${bars.map((bar) => `${bar.label} ${bar.value}`).join(', ')}</title>
${bars.map((bar, i) => {
  const y = 4 + i * ROW;
  const width = Math.max(1, Math.round((bar.value / max) * BAR_WIDTH));
  return html`<text x="${LABEL_WIDTH - 8}" y="${y + 16}" text-anchor="end" font-size="13" fill="#1b1d21">${clip(bar.label)}</text><rect x="${LABEL_WIDTH}" y="${y + 3}" width="${width}" height="${ROW - 8}" fill="#0b57d0"/><text x="${LABEL_WIDTH + width + 6}" y="${y + 16}" font-size="13" fill="#1b1d21">${bar.value}</text>
`;
})}</svg>
<figcaption>${title}</figcaption>
</figure>`;
}
