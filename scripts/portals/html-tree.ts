/** The few DOM queries the store-list parsers need, over parse5's tree (a standards-compliant HTML parser). */
import { parse } from 'parse5';

/** A parse5 node, narrowed to what is read here. */
export interface HtmlNode {
  readonly nodeName: string;
  readonly attrs?: readonly { readonly name: string; readonly value: string }[];
  readonly childNodes?: readonly HtmlNode[];
  readonly value?: string;
}

/** Parses a whole HTML document the way a browser would. */
export function parseHtml(html: string): HtmlNode {
  return parse(html) as unknown as HtmlNode;
}

/** The value of an attribute, or null. */
export function attributeOf(node: HtmlNode, name: string): string | null {
  return node.attrs?.find((attribute) => attribute.name === name)?.value ?? null;
}

/** True when the element's class list holds `name`. */
export function hasClass(node: HtmlNode, name: string): boolean {
  return (attributeOf(node, 'class') ?? '').split(/\s+/).includes(name);
}

/** Every element under `root` (depth first, document order) that satisfies `test`. */
export function findAll(root: HtmlNode, test: (node: HtmlNode) => boolean): HtmlNode[] {
  const found: HtmlNode[] = [];
  const stack: HtmlNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.attrs !== undefined && test(node)) found.push(node);
    const children = node.childNodes ?? [];
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!);
  }
  return found;
}

/** The first element under `root` with the class, or null. */
export function findByClass(root: HtmlNode, name: string): HtmlNode | null {
  return findAll(root, (node) => hasClass(node, name))[0] ?? null;
}

/** All text under a node, white space collapsed. */
export function textOf(node: HtmlNode): string {
  const parts: string[] = [];
  const walk = (current: HtmlNode) => {
    if (current.nodeName === '#text') parts.push(current.value ?? '');
    for (const child of current.childNodes ?? []) walk(child);
  };
  walk(node);
  return collapse(parts.join(' '));
}

/** Only the node's own text children (not its child elements' text), white space collapsed. */
export function ownTextOf(node: HtmlNode): string {
  return collapse(
    (node.childNodes ?? [])
      .filter((child) => child.nodeName === '#text')
      .map((child) => child.value ?? '')
      .join(' '),
  );
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
