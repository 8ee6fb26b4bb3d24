/** Building the browser scripts' markup: elements whose text is always text, never parsed as HTML. */
import type { RowNode } from '../schemas/card-row.ts';

/** A new element with `attributes` and `children` (nodes, or strings appended as text). */
export function element<Tag extends keyof HTMLElementTagNameMap>(
  tag: Tag,
  attributes: Readonly<Record<string, string>> = {},
  ...children: readonly (Node | string)[]
): HTMLElementTagNameMap[Tag] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** The DOM of a row tree (schemas/card-row.ts): the same elements and text the generator prints as HTML. */
export function nodeOf(node: RowNode): Node {
  if (typeof node === 'string') return document.createTextNode(node);
  return element(node.tag, node.attributes, ...node.children.map(nodeOf));
}
