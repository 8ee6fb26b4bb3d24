/**
 * Which characters published text may hold: the one definition the dataset's cells and documents
 * (generator/internal/cell-checks.ts, generator/dataset/check-documents.ts) and API key names share, so a
 * name refused in cards.csv is refused in `keys create --name` for the same reason.
 */
import { TEXT_LIMITS } from './dataset/limits.ts';

/** What a kind of text may hold beyond visible characters and spaces; each is refused unless allowed. */
export interface TextRules {
  /** Line feeds, and a CR directly before one (a quoted multi-line cell, a document). */
  readonly lineBreaks?: boolean;
  /** Horizontal tabs (a document). */
  readonly tabs?: boolean;
  /**
   * Invisible format characters (Unicode category Cf: zero-width space and joiners, soft hyphen,
   * word joiner, U+FEFF, tag characters, …). Prose may need some (a joiner inside an emoji or a
   * Persian word); a name or an identifier never does, and one there makes two names look equal.
   */
  readonly formatCharacters?: boolean;
}

/** A name is one line of visible text: a card's or a slug in the dataset, an API key's in the key store. */
export const NAME_RULES: TextRules = {};

/** Why a character is refused: the rule it breaks. */
export type BadCharacterKind = 'control' | 'bidirectional' | 'encoding' | 'format';

export interface BadCharacter {
  /** Index in the text (UTF-16 units), for the line it falls on. */
  readonly index: number;
  readonly kind: BadCharacterKind;
  readonly description: string;
}

// A one-character class: linear on any input, nothing to backtrack over.
const FORMAT_CHARACTER = /\p{Cf}/u;

/** Why the character at `index` of `text` breaks `rules`, or undefined when it may stay. */
function refusalAt(text: string, index: number, rules: TextRules): Omit<BadCharacter, 'index'> | undefined {
  const code = text.charCodeAt(index);
  if (code === 0x0a && rules.lineBreaks) return undefined;
  if (code === 0x0d && rules.lineBreaks && text.charCodeAt(index + 1) === 0x0a) return undefined;
  if (code === 0x09 && rules.tabs) return undefined;
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return { kind: 'control', description: `control character ${codePoint(code)}` };
  // Checked before the other format characters, which these also are: they reorder the text around them.
  if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) {
    return { kind: 'bidirectional', description: `bidirectional control ${codePoint(code)}` };
  }
  if (code === 0xfffd) return { kind: 'encoding', description: 'a byte that is not UTF-8 (read as U+FFFD)' };
  // U+00AD (soft hyphen) is the first format character: most text is decided by the comparison.
  if (code < 0xad || rules.formatCharacters) return undefined;
  const point = text.codePointAt(index) ?? code;
  if (!FORMAT_CHARACTER.test(String.fromCodePoint(point))) return undefined;
  return { kind: 'format', description: `invisible format character ${codePoint(point)}` };
}

/**
 * The first character `text` may not hold under `rules`: a control character (C0, DEL, C1), a
 * bidirectional control that would reorder the text around it (U+202A–U+202E, U+2066–U+2069),
 * U+FFFD (what a byte that is not UTF-8 becomes when the file is read), or an invisible format
 * character where `rules` do not allow one.
 */
export function findBadCharacter(text: string, rules: TextRules): BadCharacter | undefined {
  for (let index = 0; index < text.length; index++) {
    const refusal = refusalAt(text, index, rules);
    if (refusal !== undefined) return { index, ...refusal };
  }
  return undefined;
}

/** `text` safe to print on a terminal: every character a name may not hold written as `\u{…}`, the rest as it is. */
export function printableText(text: string): string {
  let printable = '';
  for (let index = 0; index < text.length; index++) {
    const code = text.codePointAt(index) ?? 0;
    const width = code > 0xffff ? 2 : 1;
    printable += refusalAt(text, index, NAME_RULES) === undefined ? text.slice(index, index + width) : `\\u{${code.toString(16)}}`;
    index += width - 1;
  }
  return printable;
}

/** Characters in a string as JSON Schema counts them (code points); a 10 MB string takes milliseconds. */
export function codePointLength(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) index++;
    count++;
  }
  return count;
}

/**
 * Why `name` cannot be a name (an API key's), or undefined when it can: empty, longer than a
 * dataset name may be (TEXT_LIMITS.name), or holding a character no name may (NAME_RULES).
 */
export function nameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'a name may not be empty';
  const length = codePointLength(name);
  if (length > TEXT_LIMITS.name) return `a name may be at most ${TEXT_LIMITS.name} characters, got ${length.toLocaleString('en-US')}`;
  const bad = findBadCharacter(name, NAME_RULES);
  if (bad !== undefined) return `${bad.description} at character ${bad.index + 1}; a name is one line of visible text`;
  return undefined;
}

function codePoint(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}
