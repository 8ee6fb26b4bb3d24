/** Reads every input of the merchant import from disk: the npm packages' data and dataset/sources/*.csv. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { CuratedFile } from './import-curated.ts';
import type { Row } from './internal/csv-row.ts';
import type { Dissolutions, NsiTree, Wikidata } from './nsi-types.ts';
import { type OperatorDecision, type PathRule, parseOperatorDecisions, parsePathRules } from './operator-rules.ts';
import { parseTagRules, type TagRule } from './tag-rules.ts';

/** Every input of the import, parsed. */
export interface Sources {
  nsi: NsiTree;
  wikidata: Wikidata;
  dissolved: Dissolutions;
  /** The codes of the MCC list (`mcc` package). */
  mccCodes: Set<string>;
  tagRules: TagRule[];
  pathRules: Map<string, PathRule>;
  decisions: Map<string, OperatorDecision>;
  /** Rows of mcc-list-names.csv. */
  mccListNames: Row[];
  /** Every curated-merchants*.csv, in directory order (importCurated orders them). */
  curatedFiles: CuratedFile[];
  /** Rows of merchant-overrides.csv. */
  overrides: Row[];
}

/** Reads the import's inputs under the repository root `root`. */
export function readSources(root: string): Sources {
  const nsiDist = join(root, 'node_modules/name-suggestion-index/dist');
  const nsiJson = join(nsiDist, 'json/nsi.json');
  if (!existsSync(nsiJson)) throw new Error('name-suggestion-index is not installed: run npm ci');
  const sources = join(root, 'dataset', 'sources');
  const csv = (file: string) => readCsv(join(sources, file));
  return {
    nsi: readJson<{ nsi: NsiTree }>(nsiJson).nsi,
    wikidata: readJson<{ wikidata: Wikidata }>(join(nsiDist, 'wikidata/wikidata.json')).wikidata,
    dissolved: readJson<{ dissolved: Dissolutions }>(join(nsiDist, 'wikidata/dissolved.json')).dissolved,
    mccCodes: new Set(readJson<{ mcc: string }[]>(join(root, 'node_modules/mcc/mcc_codes.json')).map((e) => e.mcc)),
    tagRules: parseTagRules(csv('osm-tag-mcc.csv')),
    pathRules: parsePathRules(csv('operator-mcc.csv')),
    decisions: parseOperatorDecisions(csv('operator-decisions.csv')),
    mccListNames: csv('mcc-list-names.csv'),
    curatedFiles: readdirSync(sources)
      .filter((file) => /^curated-merchants.*\.csv$/.test(file))
      .map((file) => ({ file, rows: csv(file) })),
    overrides: csv('merchant-overrides.csv'),
  };
}

/** Parses a CSV file with a header row into records keyed by column name. */
export function readCsv(path: string): Row[] {
  return parse(readFileSync(path, 'utf8'), { columns: true, skip_empty_lines: true }) as Row[];
}

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}
