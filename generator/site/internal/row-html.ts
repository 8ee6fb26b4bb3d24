/** Prints the row trees of schemas/card-row.ts as HTML: every text and attribute value escaped, as `html` does. */
import type { RowNode } from '../../../schemas/card-row.ts';
import { type Html, html, trustedHtml } from './html.ts';

/** Elements with no content and no closing tag. */
const VOID = new Set(['br']);

/** The markup of `nodes`, in order. */
export function rowHtml(nodes: readonly RowNode[]): Html {
  return html`${nodes.map((node) => {
    if (typeof node === 'string') return node;
    // The tag names come from schemas/card-row.ts's own union, never from data.
    const open = trustedHtml(`<${node.tag}`);
    const attributes = Object.entries(node.attributes).map(([name, value]) => html` ${trustedHtml(name)}="${value}"`);
    return VOID.has(node.tag)
      ? html`${open}${attributes}>`
      : html`${open}${attributes}>${rowHtml(node.children)}${trustedHtml(`</${node.tag}>`)}`;
  })}`;
}
