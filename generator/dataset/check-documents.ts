/**
 * Checks on the documents that travel with the tables in the download (README.md, LICENSE): they
 * are published as they are, so they are held to the rules of a cell, as text that may run over
 * lines and hold tabs; each problem is located at its line and column like a cell's.
 */
import { TEXT_LIMITS } from '../../schemas/dataset/limits.ts';
import { codePointLength, findBadCharacter, type TextRules } from '../../schemas/text-rules.ts';
import type { Problem } from '../dataset-problems.ts';
import { EXPECTED_TEXT, newlinesBefore } from '../internal/cell-checks.ts';
import { displayFile, type DatasetSources } from './load-dataset.ts';
import { DATASET_DOCUMENTS } from './read-dataset.ts';

/** A document is prose laid out in lines: line breaks (LF or CRLF), tabs and format characters are its own. */
const DOCUMENT_RULES: TextRules = { lineBreaks: true, tabs: true, formatCharacters: true };

/** The problems of each document in `sources`: too long (TEXT_LIMITS.document), or a character no text may hold. */
export function checkDocuments(sources: DatasetSources, displayDir: string): Problem[] {
  const problems: Problem[] = [];
  for (const name of DATASET_DOCUMENTS) {
    const text = sources.get(name);
    if (text === undefined) continue;
    const file = displayFile(displayDir, name);
    // A byte-order mark opens a UTF-8 file; it is not part of the text.
    const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    const length = text.length <= TEXT_LIMITS.document ? 0 : codePointLength(body);
    if (length > TEXT_LIMITS.document) {
      const size = `${length.toLocaleString('en-US')} characters`;
      problems.push({
        code: 'too_long',
        file,
        line: 0,
        column: 0,
        message: `${size}, expected at most ${TEXT_LIMITS.document.toLocaleString('en-US')} (docs/input-limits.md)`,
      });
      continue;
    }
    const bad = findBadCharacter(body, DOCUMENT_RULES);
    if (bad === undefined) continue;
    const lineStart = body.lastIndexOf('\n', bad.index - 1) + 1;
    problems.push({
      code: 'invalid_text',
      file,
      line: newlinesBefore(body, bad.index) + 1,
      column: codePointLength(body.slice(lineStart, bad.index)) + 1,
      message: `${bad.description}; expected ${EXPECTED_TEXT}`,
    });
  }
  return problems;
}
