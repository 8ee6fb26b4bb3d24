/**
 * `{name}` placeholders in route paths (`/api/cards/{id}`) and file templates
 * (`keyed/api/cards/{id}.json`): the one syntax, read and rendered here for the generator, the
 * manifest check and the gateway alike.
 */
const PLACEHOLDER = /\{([^{}]+)\}/g;

/** The placeholder names of `template`, in order. */
export function templateParams(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1] as string);
}

/** The name when `segment` is exactly one placeholder (`{id}`), else undefined. */
export function placeholderOf(segment: string): string | undefined {
  const match = /^\{([^{}]+)\}$/.exec(segment);
  return match?.[1];
}

/** `template` with every placeholder replaced by its value; a placeholder without a value is a bug and throws. */
export function renderTemplate(template: string, values: Readonly<Record<string, string | number>>): string {
  return compileTemplate(template)(values);
}

/**
 * `renderTemplate` for one template, read once: the gateway renders a variant's file template on
 * every keyed call, and the compiled form joins its pieces without a regular expression or a callback.
 */
export function compileTemplate(template: string): (values: Readonly<Record<string, string | number>>) => string {
  // split with a capture group alternates text and placeholder names: text, name, text, …, text.
  const pieces = template.split(PLACEHOLDER);
  return (values) => {
    const parts: string[] = [pieces[0] as string];
    for (let i = 1; i < pieces.length; i += 2) {
      const name = pieces[i] as string;
      const value = values[name];
      if (value === undefined) throw new Error(`no value for {${name}} in ${template}`);
      parts.push(String(value), pieces[i + 1] as string);
    }
    // Joined into one flat string, where `+=` leaves a chain of pieces: a build keeps a million paths.
    return parts.join('');
  };
}

/** A regular expression matching what `template` renders to, with one capture per placeholder in order (see `templateParams`). */
export function templatePattern(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  // The escaping above leaves `{` and `}` alone, so placeholders are still whole here.
  return new RegExp(`^${escaped.replace(PLACEHOLDER, '([^/]+)')}$`);
}
