/** A strict XML parse for tests (saxes refuses any document that is not well-formed), into a small element tree. */
import { SaxesParser } from 'saxes';

export interface XmlElement {
  /** Local name. */
  readonly name: string;
  readonly namespace: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: XmlElement[];
  /** The element's own text, entities resolved. */
  text: string;
}

/** The document element of `text`; throws on the first well-formedness error. */
export function parseXml(text: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag) => {
    const attributes = Object.fromEntries(Object.values(tag.attributes).map((attribute) => [attribute.local, attribute.value]));
    const element: XmlElement = { name: tag.local, namespace: tag.uri, attributes, children: [], text: '' };
    stack.at(-1)?.children.push(element);
    root ??= element;
    stack.push(element);
  });
  parser.on('text', (chunk) => {
    const current = stack.at(-1);
    if (current) current.text += chunk;
  });
  parser.on('closetag', () => stack.pop());
  parser.write(text).close();
  if (failure) throw failure;
  if (!root) throw new Error('no document element');
  return root;
}

/** The children of `element` named `name`. */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((child) => child.name === name);
}
