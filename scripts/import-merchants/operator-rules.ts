/** The MCC rules of NSI operators: by tree path (operator-mcc.csv) and per organisation (operator-decisions.csv). */
import { field, type Row } from './internal/csv-row.ts';

/** The MCC an operators/* or transit/route/* path gives, and its priority (lower wins). */
export interface PathRule {
  mcc: string;
  priority: number;
}

/** One organisation's row of operator-decisions.csv: skip it, or keep it (with a name and an MCC, each optional). */
export interface OperatorDecision {
  name: string;
  action: 'keep' | 'skip';
  mcc: string;
}

/** Reads the rows of operator-mcc.csv, keyed by path. */
export function parsePathRules(rows: readonly Row[]): Map<string, PathRule> {
  const out = new Map<string, PathRule>();
  for (const row of rows) out.set(field(row, 'path'), { mcc: field(row, 'mcc'), priority: Number(field(row, 'priority')) });
  return out;
}

/** Reads the rows of operator-decisions.csv, keyed by Wikidata id; every row needs an action, a reason and its own id. */
export function parseOperatorDecisions(rows: readonly Row[]): Map<string, OperatorDecision> {
  const out = new Map<string, OperatorDecision>();
  for (const row of rows) {
    const qid = field(row, 'wikidata');
    const action = field(row, 'action');
    if (action !== 'keep' && action !== 'skip') throw new Error(`operator-decisions.csv: ${qid} has action ${action}`);
    if (field(row, 'reason') === '') throw new Error(`operator-decisions.csv: ${qid} has no reason`);
    if (out.has(qid)) throw new Error(`operator-decisions.csv: ${qid} appears twice`);
    out.set(qid, { name: field(row, 'name'), action, mcc: field(row, 'mcc') });
  }
  return out;
}
