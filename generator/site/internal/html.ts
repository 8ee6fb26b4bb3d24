/**
 * The site's one way to make HTML: a tagged template whose every interpolation is escaped unless
 * it is already `Html` (the result of another `html` template, or `trustedHtml` for markup the
 * generator itself wrote). Data never reaches a page by string concatenation.
 */

/** Markup that is safe to insert as is. Only `html` and `trustedHtml` make one. */
export class Html {
  readonly #markup: string;
  constructor(markup: string, token: typeof TOKEN) {
    if (token !== TOKEN) throw new Error('Html is made by html`` or trustedHtml()');
    this.#markup = markup;
  }
  toString(): string {
    return this.#markup;
  }
}

const TOKEN = Symbol('html');

/** What a template may interpolate: text and numbers are escaped, `Html` is kept, absent values print nothing. */
export type Interpolation = string | number | Html | null | undefined | false | readonly Interpolation[];

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for an element's content and for a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.toString();
  if (Array.isArray(value)) return value.map(render).join('');
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`cannot print ${value} in a page`);
    return String(value);
  }
  return escapeHtml(value as string);
}

/** The tagged template: html`<p>${name}</p>` escapes `name`. */
export function html(strings: TemplateStringsArray, ...values: readonly Interpolation[]): Html {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += render(values[i]) + (strings[i + 1] ?? '');
  return new Html(out, TOKEN);
}

/** Markup written by the generator itself (an SVG path, a stylesheet), never data. */
export function trustedHtml(markup: string): Html {
  return new Html(markup, TOKEN);
}

/** An href for a link to a page outside the site: only http(s) URLs, anything else is refused. */
export function externalHref(url: string): string {
  if (!/^https?:\/\/[^\s]+$/i.test(url)) throw new Error(`refusing a link that is not an http(s) URL: ${url.slice(0, 80)}`);
  return url;
}
