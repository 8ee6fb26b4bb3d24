// Builds dataset/merchants.csv from the name-suggestion-index (NSI) brands and
// operators (utilities, transit agencies, hospitals, …), the brand names in the MCC
// list, and the hand-curated merchant files.
// Deterministic: the same inputs always give the same bytes.
// Run: cd /work/main && npx tsx scripts/import-merchants.ts
import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { getDomain } from 'tldts';

const ROOT = join(import.meta.dirname, '..');
const SOURCES = join(ROOT, 'dataset', 'sources');
const OUT = join(ROOT, 'dataset', 'merchants.csv');
const NSI_JSON = join(ROOT, 'node_modules/name-suggestion-index/dist/json/nsi.json');
const WIKIDATA_JSON = join(ROOT, 'node_modules/name-suggestion-index/dist/wikidata/wikidata.json');
const DISSOLVED_JSON = join(ROOT, 'node_modules/name-suggestion-index/dist/wikidata/dissolved.json');
const MCC_JSON = join(ROOT, 'node_modules/mcc/mcc_codes.json');

/** The import date, written as as_of on every imported row. */
export const IMPORT_DATE = '2026-11-22';

/** Ranking tier of unhinted rows from the supplementary curated files: with the MCC-list chains that have a domain. */
const SUPPLEMENTARY_CURATED_TIER = 2;

/** Ranking tier of operators and of brands under tags marked `late`: after every brand and MCC-list tier. */
const LATE_TIER = 5;

/** NSI region codes (UN M49) whose area contains the United States. */
const US_REGIONS = new Set(['001', '019', '021', '003']);
/** US territories, which NSI writes as their own ISO codes. */
const US_TERRITORIES = new Set(['pr', 'gu', 'vi', 'as', 'mp', 'um']);

/** Platforms that host many brands' pages: never a merchant's own domain. */
const HOST_DOMAINS = new Set([
  'facebook.com',
  'instagram.com',
  'twitter.com',
  'x.com',
  'linkedin.com',
  'youtube.com',
  'google.com',
  'goo.gl',
  'linktr.ee',
  'yelp.com',
  'wix.com',
  'wixsite.com',
  'squarespace.com',
  'weebly.com',
  'godaddysites.com',
  'blogspot.com',
  'wordpress.com',
  'myshopify.com',
  'square.site',
  'business.site',
  'tripadvisor.com',
  'tiktok.com',
  'github.io',
  'bit.ly',
  'wikipedia.org',
  'wikidata.org',
  'apple.co',
]);

/** Merchant slugs other tables reference: the import fails if one is missing. */
export const SHARED_SLUGS: readonly string[] = [
  'amazon',
  'whole-foods-market',
  'target',
  'walmart',
  'costco',
  'sams-club',
  'apple',
  'kroger',
  'paypal',
  'lyft',
  'uber',
  'instacart',
  'doordash',
  'disneyland',
  'walt-disney-world',
  'disney-plus',
  'delta-air-lines',
  'united-airlines',
  'american-airlines',
  'southwest-airlines',
  'alaska-airlines',
  'hawaiian-airlines',
  'jetblue',
  'air-canada',
  'british-airways',
  'aer-lingus',
  'iberia',
  'marriott-bonvoy',
  'hilton',
  'hyatt',
  'ihg-hotels-and-resorts',
  'wyndham-hotels-and-resorts',
  'choice-hotels',
  'booking-com',
  'expedia',
  'airbnb',
  'netflix',
  'spotify',
  'hulu',
  'youtube-tv',
  'cvs-pharmacy',
  'walgreens',
  'home-depot',
  'lowes',
  'best-buy',
  'verizon',
  'att',
  't-mobile',
  'comcast-xfinity',
  'starbucks',
  'mcdonalds',
  'chipotle',
  'shell',
  'exxon',
  'chevron',
  'bp',
];

type Source = 'nsi' | 'mcc-list' | 'curated';

/** One merchant on its way to the output, with what ranking and domain rules need. */
export interface Merchant {
  slug: string;
  name: string;
  mcc: string;
  domains: string[];
  /** Domains given by hand (curated, override, MCC-list table) win collisions. */
  explicitDomains: boolean;
  source: Source;
  sourceRef: string;
  asOf: string;
  rankHint: number | undefined;
  /** Ranking tier for rows without a hint: lower is better known. */
  tier: number;
  /** NSI entries (all countries) carrying this brand. */
  itemCount: number;
  /** Countries and regions named in the brand's NSI location sets. */
  areaCount: number;
  /** Official websites Wikidata lists for the brand. */
  siteCount: number;
  /** Suffix used when two imported merchants want the same slug. */
  slugSuffix: string;
}

type Row = Record<string, string>;

interface PathRule {
  mcc: string;
  priority: number;
}
interface OperatorDecision {
  name: string;
  action: 'keep' | 'skip';
  mcc: string;
}
interface TagRule {
  key: string;
  value: string;
  subKey: string;
  subValue: string;
  mcc: string;
  priority: number;
  late: boolean;
}
interface NsiItem {
  id: string;
  displayName: string;
  locationSet: { include?: unknown[]; exclude?: unknown[] };
  tags: Record<string, string>;
}
interface NsiFile {
  nsi: Record<string, { items: NsiItem[] }>;
}
interface WikidataEntry {
  label?: string;
  identities?: { website?: string };
  officialWebsites?: string[];
  dissolutions?: { date: string }[];
}
interface WikidataFile {
  wikidata: Record<string, WikidataEntry>;
}
interface DissolvedFile {
  dissolved: Record<string, { date: string }[]>;
}
interface MccEntry {
  mcc: string;
}

// ---------- small helpers ----------

/** Parses a CSV file with a header row into records keyed by column name. */
export function readCsv(path: string): Row[] {
  return parse(readFileSync(path, 'utf8'), { columns: true, skip_empty_lines: true }) as Row[];
}

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

function field(row: Row, name: string): string {
  return (row[name] ?? '').trim();
}

/** The slug rule of dataset/README.md: NFKD, no diacritics, & → and, no apostrophes, runs of other characters → '-'. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/['\u2019]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Quotes a CSV field when it holds a comma, a quote or a line break. */
export function csvField(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Reduces a URL or host to its registrable domain, or '' when it is not one a merchant can own. */
export function registrableDomain(urlOrHost: string, allowHosts = false): string {
  const trimmed = urlOrHost.trim().toLowerCase();
  if (trimmed === '') return '';
  const host = trimmed.includes('://') ? trimmed : `https://${trimmed}`;
  const domain = getDomain(host) ?? '';
  return HOST_DOMAINS.has(domain) && !allowHosts ? '' : domain;
}

/** Registrable domains, deduplicated; hosting platforms are dropped unless the domain was given by hand. */
function uniqueDomains(values: string[], byHand = false): string[] {
  const out: string[] = [];
  for (const v of values) {
    const d = registrableDomain(v, byHand);
    if (d !== '' && !out.includes(d)) out.push(d);
  }
  return out;
}

// ---------- NSI ----------

function locationCodes(list: unknown[] | undefined): string[] {
  return (list ?? []).filter((x): x is string => typeof x === 'string').map((x) => x.toLowerCase().replace(/\.geojson$/, ''));
}

function isUsStateOrTerritory(code: string): boolean {
  return code.startsWith('us-') || US_TERRITORIES.has(code);
}

/** 2 = whole US (us, or a region containing it without excluding us), 1 = US states or territories only, 0 = not in the US. */
export function usPresence(locationSet: NsiItem['locationSet']): number {
  const include = locationCodes(locationSet.include);
  const exclude = locationCodes(locationSet.exclude);
  if (exclude.includes('us')) return include.some(isUsStateOrTerritory) ? 1 : 0;
  if (include.includes('us') || include.some((c) => US_REGIONS.has(c))) return 2;
  return include.some(isUsStateOrTerritory) ? 1 : 0;
}

function loadTagRules(): TagRule[] {
  return readCsv(join(SOURCES, 'osm-tag-mcc.csv')).map((row) => {
    const [main = '', sub = ''] = field(row, 'tag').split('+');
    const [key = '', value = ''] = main.split('=');
    const [subKey = '', subValue = ''] = sub.split('=');
    return {
      key,
      value,
      subKey,
      subValue,
      mcc: field(row, 'mcc'),
      priority: Number(field(row, 'priority')),
      late: field(row, 'rank') === 'late',
    };
  });
}

/** The most specific tag rule for an NSI item (a clothes=women rule beats the plain shop=clothes one). */
function matchTagRule(rules: TagRule[], key: string, value: string, tags: Record<string, string>): TagRule | undefined {
  const candidates = rules.filter((r) => r.key === key && r.value === value);
  const specific = candidates.find((r) => r.subKey !== '' && tags[r.subKey] === r.subValue);
  return specific ?? candidates.find((r) => r.subKey === '');
}

function plainName(name: string): string {
  return name
    .replace(/\s*\([^)]*\)\s*$/, '')
    .trim()
    .toLowerCase();
}

/** Country qualifiers NSI adds to tell a US brand from a same-named foreign one. */
const US_QUALIFIER = /\s*\((USA|US|United States|North America)\)$/;

/** NSI's display name (it disambiguates same-named brands); the English brand when the display name is not in Latin script. */
function brandName(item: NsiItem): string {
  const english = item.tags['brand:en'] ?? item.tags['name:en'] ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the range starts at U+0000 to mean "any Latin character"
  if (english !== '' && /[^\u0000-\u024f\u2019]/.test(item.displayName)) return english;
  return item.displayName.replace(US_QUALIFIER, '');
}

function wikidataDomains(entry: WikidataEntry | undefined): string[] {
  if (entry === undefined) return [];
  const primary = uniqueDomains([entry.identities?.website ?? '']);
  const official = uniqueDomains(entry.officialWebsites ?? []);
  const first = primary[0] ?? official.find((d) => d.endsWith('.com') || d.endsWith('.us')) ?? official[0];
  if (first === undefined) return [];
  // A same-name .us site is the only other domain taken: foreign country sites are left out.
  const label = first.split('.')[0] ?? '';
  const usSite = official.filter((d) => d !== first && d === `${label}.us`);
  return [first, ...usSite];
}

interface NsiChoice {
  item: NsiItem;
  rule: TagRule;
  tag: string;
  presence: number;
  labelMatch: boolean;
}

/** Reads NSI brands operating in the US whose tag has an MCC, one merchant per Wikidata id. */
export function importNsi(rules: TagRule[], wikidata: WikidataFile['wikidata']): Map<string, Merchant> {
  const nsi = readJson<NsiFile>(NSI_JSON).nsi;
  const dissolved = readJson<DissolvedFile>(DISSOLVED_JSON).dissolved;
  const itemCount = new Map<string, number>();
  const areas = new Map<string, Set<string>>();
  const choices = new Map<string, NsiChoice>();
  const nationalQids = new Set<string>();
  for (const path of Object.keys(nsi).sort()) {
    if (!path.startsWith('brands/')) continue;
    const [, key = '', value = ''] = path.split('/');
    for (const item of nsi[path]?.items ?? []) {
      const qid = item.tags['brand:wikidata'] ?? '';
      if (qid === '') continue;
      itemCount.set(qid, (itemCount.get(qid) ?? 0) + 1);
      const area = areas.get(qid) ?? new Set<string>();
      for (const code of locationCodes(item.locationSet.include)) area.add(code);
      areas.set(qid, area);
      if (isDissolved(dissolved[item.id], wikidata[qid])) continue;
      const presence = usPresence(item.locationSet);
      if (presence === 2) nationalQids.add(qid);
      const rule = matchTagRule(rules, key, value, item.tags);
      if (presence === 0 || rule === undefined) continue;
      const labelMatch = plainName(item.displayName) === plainName(wikidata[qid]?.label ?? '');
      const candidate: NsiChoice = { item, rule, tag: `${key}=${value}`, presence, labelMatch };
      const current = choices.get(qid);
      if (current === undefined || betterChoice(candidate, current)) choices.set(qid, candidate);
    }
  }
  const out = new Map<string, Merchant>();
  for (const [qid, choice] of [...choices.entries()].sort((a, b) => compareStrings(a[0], b[0]))) {
    const entry = wikidata[qid];
    out.set(qid, {
      slug: slugify(brandName(choice.item)),
      name: brandName(choice.item),
      mcc: choice.rule.mcc,
      domains: wikidataDomains(entry),
      explicitDomains: false,
      source: 'nsi',
      sourceRef: qid,
      asOf: IMPORT_DATE,
      rankHint: undefined,
      // Tags added after the first import (rank = late) rank with the operators, after every older tier.
      tier: choice.rule.late ? LATE_TIER : nationalQids.has(qid) ? 1 : 3,
      itemCount: itemCount.get(qid) ?? 0,
      areaCount: areas.get(qid)?.size ?? 0,
      siteCount: entry?.officialWebsites?.length ?? 0,
      slugSuffix: slugify(choice.tag.split('=')[1] ?? ''),
    });
  }
  return out;
}

function isDissolved(itemDissolutions: { date: string }[] | undefined, entry: WikidataEntry | undefined): boolean {
  const dates = [...(itemDissolutions ?? []), ...(entry?.dissolutions ?? [])].map((d) => d.date.slice(0, 10));
  return dates.some((d) => d <= IMPORT_DATE);
}

/** The item named like the brand's Wikidata label wins; then lower priority; then presence in the whole US; then tag and id. */
function betterChoice(a: NsiChoice, b: NsiChoice): boolean {
  if (a.labelMatch !== b.labelMatch) return a.labelMatch;
  if (a.rule.priority !== b.rule.priority) return a.rule.priority < b.rule.priority;
  if (a.presence !== b.presence) return a.presence > b.presence;
  if (a.tag !== b.tag) return a.tag < b.tag;
  return a.item.id < b.item.id;
}

// ---------- NSI operators and transit networks ----------

/** Priority of an operator kept by an explicit MCC in operator-decisions.csv on a path without a rule. */
const DECISION_PRIORITY = 50;

function loadPathRules(): Map<string, PathRule> {
  const out = new Map<string, PathRule>();
  for (const row of readCsv(join(SOURCES, 'operator-mcc.csv'))) {
    out.set(field(row, 'path'), { mcc: field(row, 'mcc'), priority: Number(field(row, 'priority')) });
  }
  return out;
}

function loadOperatorDecisions(): Map<string, OperatorDecision> {
  const out = new Map<string, OperatorDecision>();
  for (const row of readCsv(join(SOURCES, 'operator-decisions.csv'))) {
    const qid = field(row, 'wikidata');
    const action = field(row, 'action');
    if (action !== 'keep' && action !== 'skip') throw new Error(`operator-decisions.csv: ${qid} has action ${action}`);
    if (field(row, 'reason') === '') throw new Error(`operator-decisions.csv: ${qid} has no reason`);
    if (out.has(qid)) throw new Error(`operator-decisions.csv: ${qid} appears twice`);
    out.set(qid, { name: field(row, 'name'), action, mcc: field(row, 'mcc') });
  }
  return out;
}

/**
 * The organisation an operators/* or transit/* entry names: its operator (the agency that sells the
 * fares: one Maryland Transit Administration rather than its six networks), else a transit route's network.
 */
function operatorQid(item: NsiItem): string {
  const operator = item.tags['operator:wikidata'] ?? '';
  return operator !== '' ? operator : (item.tags['network:wikidata'] ?? '');
}

/** An operator's name: its Wikidata label (NSI display names of operators are often abbreviations), else NSI's. */
function operatorName(item: NsiItem, entry: WikidataEntry | undefined): string {
  const label = (entry?.label ?? '').replace(US_QUALIFIER, '').trim();
  return label !== '' ? label : brandName(item);
}

interface OperatorChoice {
  item: NsiItem;
  path: string;
  mcc: string;
  priority: number;
  presence: number;
}

/**
 * Reads NSI operators/* and transit/* entries operating in the US: the path's rule in
 * operator-mcc.csv gives the MCC, operator-decisions.csv skips an organisation or gives it an MCC.
 * One merchant per Wikidata id; ids already imported as brands are left to the brand.
 */
export function importOperators(wikidata: WikidataFile['wikidata'], brandQids: Set<string>, mccCodes: Set<string>): Map<string, Merchant> {
  const nsi = readJson<NsiFile>(NSI_JSON).nsi;
  const dissolved = readJson<DissolvedFile>(DISSOLVED_JSON).dissolved;
  const rules = loadPathRules();
  const decisions = loadOperatorDecisions();
  for (const [path, rule] of rules) if (!mccCodes.has(rule.mcc)) throw new Error(`operator-mcc.csv: ${path} has unknown MCC ${rule.mcc}`);
  for (const [qid, d] of decisions)
    if (d.mcc !== '' && !mccCodes.has(d.mcc)) throw new Error(`operator-decisions.csv: ${qid} has unknown MCC ${d.mcc}`);
  const itemCount = new Map<string, number>();
  const areas = new Map<string, Set<string>>();
  const choices = new Map<string, OperatorChoice>();
  for (const path of Object.keys(nsi).sort()) {
    if (!path.startsWith('operators/') && !path.startsWith('transit/route/')) continue;
    const rule = rules.get(path);
    for (const item of nsi[path]?.items ?? []) {
      const qid = operatorQid(item);
      const presence = usPresence(item.locationSet);
      if (qid === '' || presence === 0 || brandQids.has(qid)) continue;
      const decision = decisions.get(qid);
      if (decision?.action === 'skip' || isDissolved(dissolved[item.id], wikidata[qid])) continue;
      const mcc = decision?.mcc || rule?.mcc || '';
      if (mcc === '') continue;
      itemCount.set(qid, (itemCount.get(qid) ?? 0) + 1);
      const area = areas.get(qid) ?? new Set<string>();
      for (const code of locationCodes(item.locationSet.include)) area.add(code);
      areas.set(qid, area);
      const candidate: OperatorChoice = { item, path, mcc, priority: rule?.priority ?? DECISION_PRIORITY, presence };
      const current = choices.get(qid);
      if (current === undefined || betterOperatorChoice(candidate, current)) choices.set(qid, candidate);
    }
  }
  const out = new Map<string, Merchant>();
  for (const [qid, choice] of [...choices.entries()].sort((a, b) => compareStrings(a[0], b[0]))) {
    const entry = wikidata[qid];
    const decision = decisions.get(qid);
    // An explicit MCC in operator-decisions.csv wins over the path rules of every entry.
    const mcc = decision?.mcc || choice.mcc;
    const name = decision?.action === 'keep' && decision.name !== '' ? decision.name : operatorName(choice.item, entry);
    out.set(qid, {
      slug: slugify(name),
      name,
      mcc,
      domains: wikidataDomains(entry),
      explicitDomains: false,
      source: 'nsi',
      sourceRef: qid,
      asOf: IMPORT_DATE,
      rankHint: undefined,
      tier: LATE_TIER,
      itemCount: itemCount.get(qid) ?? 0,
      areaCount: areas.get(qid)?.size ?? 0,
      siteCount: entry?.officialWebsites?.length ?? 0,
      slugSuffix: slugify(choice.path.split('/')[2] ?? ''),
    });
  }
  return out;
}

/** Lower rule priority first (a transit agency also listed under power substations stays a transit agency); then whole-US presence; then path and id. */
function betterOperatorChoice(a: OperatorChoice, b: OperatorChoice): boolean {
  if (a.priority !== b.priority) return a.priority < b.priority;
  if (a.presence !== b.presence) return a.presence > b.presence;
  if (a.path !== b.path) return a.path < b.path;
  return a.item.id < b.item.id;
}

/**
 * Drops operators whose domain already belongs to a brand, MCC-list or curated merchant: the
 * same organisation under another record (Ameren Missouri on ameren.com, DTE Electric on dteenergy.com).
 */
export function dropKnownOperators(operators: Map<string, Merchant>, others: Merchant[]): number {
  const taken = new Set(others.flatMap((m) => m.domains));
  let dropped = 0;
  for (const [qid, m] of [...operators.entries()]) {
    if (m.domains.some((d) => taken.has(d))) {
      operators.delete(qid);
      dropped += 1;
    }
  }
  return dropped;
}

// ---------- MCC list ----------

/** Applies the committed cleaning table of brand names in the MCC list: merges with NSI brands by Wikidata id or adds rows. */
export function importMccList(nsiByQid: Map<string, Merchant>, wikidata: WikidataFile['wikidata'], mccCodes: Set<string>): Merchant[] {
  const added: Merchant[] = [];
  for (const row of readCsv(join(SOURCES, 'mcc-list-names.csv'))) {
    if (field(row, 'action') !== 'keep') continue;
    const code = field(row, 'code');
    if (!mccCodes.has(code)) throw new Error(`mcc-list-names.csv: unknown MCC ${code}`);
    const qid = field(row, 'wikidata');
    const tableDomains = uniqueDomains(field(row, 'domains').split(';'), true);
    const name = field(row, 'name');
    const nsiMerchant = qid !== '' ? nsiByQid.get(qid) : undefined;
    if (nsiMerchant !== undefined) {
      // Same brand as an NSI row: the chain's own MCC and the cleaned name win, the NSI identity stays.
      nsiMerchant.mcc = code;
      nsiMerchant.name = name;
      nsiMerchant.slug = slugify(name);
      if (tableDomains.length > 0) {
        nsiMerchant.domains = tableDomains;
        nsiMerchant.explicitDomains = true;
      }
      continue;
    }
    const fromWikidata = qid !== '' ? wikidataDomains(wikidata[qid]) : [];
    const domains = tableDomains.length > 0 ? tableDomains : fromWikidata;
    added.push({
      slug: slugify(name),
      name,
      mcc: code,
      domains,
      explicitDomains: tableDomains.length > 0,
      source: 'mcc-list',
      sourceRef: code,
      asOf: IMPORT_DATE,
      rankHint: undefined,
      tier: domains.length > 0 ? 2 : 4,
      itemCount: 0,
      areaCount: 0,
      siteCount: 0,
      slugSuffix: code,
    });
  }
  return added;
}

// ---------- curated ----------

/**
 * Reads every dataset/sources/curated-merchants*.csv file: curated-merchants.csv first, then the
 * others in file-name order; a slug already read from an earlier file is skipped.
 */
export function importCurated(mccCodes: Set<string>): Merchant[] {
  const files = readdirSync(SOURCES)
    .filter((f) => /^curated-merchants.*\.csv$/.test(f))
    .sort((a, b) => (a === 'curated-merchants.csv' ? -1 : b === 'curated-merchants.csv' ? 1 : compareStrings(a, b)));
  const out: Merchant[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    for (const row of readCsv(join(SOURCES, file))) {
      const mcc = field(row, 'mcc');
      const slug = field(row, 'slug') || slugify(field(row, 'name'));
      if (seen.has(slug)) {
        console.log(`${file}: ${slug} already curated, skipped`);
        continue;
      }
      seen.add(slug);
      if (!mccCodes.has(mcc)) throw new Error(`${file}: ${slug} has unknown MCC ${mcc}`);
      const hint = field(row, 'rank_hint');
      out.push({
        slug,
        name: field(row, 'name'),
        mcc,
        domains: uniqueDomains(field(row, 'domains').split(';'), true),
        explicitDomains: true,
        source: 'curated',
        sourceRef: field(row, 'source_ref'),
        asOf: field(row, 'as_of') || IMPORT_DATE,
        rankHint: hint === '' ? undefined : Number(hint),
        // The main curated file is the hand-picked head; the larger supplementary lists (online
        // merchants, portal stores) rank after the nationwide NSI brands, so they do not push
        // well-known stores out of the 1,540 static files.
        tier: file === 'curated-merchants.csv' ? 0 : SUPPLEMENTARY_CURATED_TIER,
        itemCount: 0,
        areaCount: 0,
        siteCount: 0,
        slugSuffix: '',
      });
    }
  }
  return out;
}

// ---------- slugs ----------

/** Orders imported rows for slug collisions: better known first. */
function importedOrder(a: Merchant, b: Merchant): number {
  return (
    a.tier - b.tier ||
    b.itemCount - a.itemCount ||
    b.areaCount - a.areaCount ||
    b.siteCount - a.siteCount ||
    compareStrings(a.sourceRef, b.sourceRef)
  );
}

/**
 * Gives every merchant a unique slug. Curated rows keep theirs and replace an imported row with
 * the same slug; among imported rows the better known keeps the plain slug and the others get
 * '-<tag value>' (NSI) or '-<mcc>' (MCC list), then '-<source_ref>' if still taken.
 */
export function assignSlugs(curated: Merchant[], imported: Merchant[]): Map<string, Merchant> {
  const bySlug = new Map<string, Merchant>();
  for (const m of curated) {
    if (bySlug.has(m.slug)) throw new Error(`curated slug ${m.slug} appears twice`);
    bySlug.set(m.slug, m);
  }
  const curatedSlugs = new Set(bySlug.keys());
  for (const m of [...imported].sort(importedOrder)) {
    if (curatedSlugs.has(m.slug)) continue;
    let slug = m.slug;
    if (bySlug.has(slug)) slug = `${m.slug}-${m.slugSuffix}`;
    if (bySlug.has(slug)) slug = `${m.slug}-${slugify(m.sourceRef)}`;
    m.slug = slug;
    bySlug.set(slug, m);
  }
  return bySlug;
}

// ---------- overrides ----------

/** Applies dataset/sources/merchant-overrides.csv (slug, field, value, reason); slugs are those before overrides. */
export function applyOverrides(bySlug: Map<string, Merchant>, mccCodes: Set<string>): Map<string, Merchant> {
  const rows = readCsv(join(SOURCES, 'merchant-overrides.csv'));
  for (const row of rows) {
    const slug = field(row, 'slug');
    const m = bySlug.get(slug);
    if (m === undefined) throw new Error(`merchant-overrides.csv: no merchant ${slug}`);
    if (field(row, 'reason') === '') throw new Error(`merchant-overrides.csv: ${slug} has no reason`);
    applyOverride(m, field(row, 'field'), field(row, 'value'), mccCodes);
  }
  const out = new Map<string, Merchant>();
  for (const m of [...bySlug.values()].sort((a, b) => compareStrings(a.slug, b.slug))) {
    if (m.slug === '') continue; // excluded
    if (out.has(m.slug)) throw new Error(`override makes slug ${m.slug} collide`);
    out.set(m.slug, m);
  }
  return out;
}

function applyOverride(m: Merchant, name: string, value: string, mccCodes: Set<string>): void {
  switch (name) {
    case 'name':
      m.name = value;
      m.slug = slugify(value);
      break;
    case 'slug':
      m.slug = value;
      break;
    case 'mcc':
      if (!mccCodes.has(value)) throw new Error(`override: unknown MCC ${value}`);
      m.mcc = value;
      break;
    case 'domains':
      m.domains = uniqueDomains(value.split(';'), true);
      m.explicitDomains = true;
      break;
    case 'rank_hint':
      m.rankHint = Number(value);
      break;
    case 'exclude':
      m.slug = '';
      break;
    default:
      throw new Error(`override: unknown field ${name}`);
  }
}

// ---------- domains ----------

/**
 * Makes domains unique across merchants. A domain goes to the one merchant that names it by hand;
 * else to the claimant whose slug, without hyphens, equals the domain's first label; else, when a
 * single merchant claims it, to that one; a domain several brands share with none of them named by it
 * (a parent company's site) goes to nobody. Returns the domains given to nobody.
 */
export function resolveDomains(merchants: Merchant[]): string[] {
  const claims = new Map<string, Merchant[]>();
  for (const m of merchants) for (const d of m.domains) claims.set(d, [...(claims.get(d) ?? []), m]);
  const dropped: string[] = [];
  for (const domain of [...claims.keys()].sort()) {
    const claimants = claims.get(domain) ?? [];
    if (claimants.length < 2) continue;
    const owner = pickOwner(domain, claimants);
    for (const m of claimants) if (m !== owner) m.domains = m.domains.filter((d) => d !== domain);
    if (owner === undefined) dropped.push(`${domain} (${claimants.map((m) => m.slug).join(', ')})`);
  }
  return dropped;
}

function pickOwner(domain: string, claimants: Merchant[]): Merchant | undefined {
  const explicit = claimants.filter((m) => m.explicitDomains);
  if (explicit.length === 1) return explicit[0];
  if (explicit.length > 1) throw new Error(`domain ${domain} is given by hand to ${explicit.map((m) => m.slug).join(', ')}`);
  const label = domain.split('.')[0] ?? '';
  const named = claimants.filter((m) => m.slug.replace(/-/g, '') === label.replace(/-/g, ''));
  return named.length === 1 ? named[0] : undefined;
}

// ---------- ranking ----------

/** Hand-ranked head first (rank_hint), then tier, NSI breadth (entries, areas, official sites), then slug. */
export function rankMerchants(merchants: Merchant[]): Map<string, number> {
  const hinted = merchants.filter((m) => m.rankHint !== undefined);
  const hints = new Set<number>();
  for (const m of hinted) {
    if (hints.has(m.rankHint ?? 0)) throw new Error(`rank_hint ${m.rankHint} used twice`);
    hints.add(m.rankHint ?? 0);
  }
  hinted.sort((a, b) => (a.rankHint ?? 0) - (b.rankHint ?? 0));
  const rest = merchants
    .filter((m) => m.rankHint === undefined)
    .sort(
      (a, b) =>
        a.tier - b.tier ||
        b.itemCount - a.itemCount ||
        b.areaCount - a.areaCount ||
        b.siteCount - a.siteCount ||
        compareStrings(a.slug, b.slug),
    );
  const ranks = new Map<string, number>();
  for (const [i, m] of [...hinted, ...rest].entries()) ranks.set(m.slug, i + 1);
  return ranks;
}

// ---------- output ----------

function validate(merchants: Merchant[], mccCodes: Set<string>): void {
  const slugs = new Set(merchants.map((m) => m.slug));
  const missing = SHARED_SLUGS.filter((s) => !slugs.has(s));
  if (missing.length > 0) throw new Error(`shared slugs missing: ${missing.join(', ')}`);
  const seen = new Set<string>();
  for (const m of merchants) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(m.slug)) throw new Error(`bad slug ${m.slug}`);
    if (!mccCodes.has(m.mcc)) throw new Error(`${m.slug}: unknown MCC ${m.mcc}`);
    for (const d of m.domains) {
      if (seen.has(d)) throw new Error(`domain ${d} used twice`);
      seen.add(d);
    }
  }
}

function toCsv(merchants: Merchant[], ranks: Map<string, number>): string {
  const header = 'slug,name,mcc,domains,popularity_rank,source,source_ref,as_of';
  const lines = merchants.map((m) =>
    [m.slug, m.name, m.mcc, m.domains.join(';'), String(ranks.get(m.slug) ?? ''), m.source, m.sourceRef, m.asOf].map(csvField).join(','),
  );
  return `${[header, ...lines].join('\n')}\n`;
}

function main(): void {
  const mccCodes = new Set(readJson<MccEntry[]>(MCC_JSON).map((e) => e.mcc));
  const wikidata = readJson<WikidataFile>(WIKIDATA_JSON).wikidata;
  const nsi = importNsi(loadTagRules(), wikidata);
  const mccList = importMccList(nsi, wikidata, mccCodes);
  const curated = importCurated(mccCodes);
  const operators = importOperators(wikidata, new Set(nsi.keys()), mccCodes);
  const known = dropKnownOperators(operators, [...nsi.values(), ...mccList, ...curated]);
  console.log(`operators: ${operators.size} kept, ${known} already in the table under another record`);
  const slugged = assignSlugs(curated, [...nsi.values(), ...mccList, ...operators.values()]);
  const dump = process.env['DUMP'];
  if (dump !== undefined)
    writeFileSync(
      dump,
      [...slugged.values()]
        .map((m) => [m.slug, m.name, m.mcc, m.source, m.sourceRef, m.tier, m.itemCount, m.domains.join(';')].join('\t'))
        .sort()
        .join('\n'),
    );
  const bySlug = applyOverrides(slugged, mccCodes);
  const merchants = [...bySlug.values()];
  const dropped = resolveDomains(merchants);
  validate(merchants, mccCodes);
  const ranks = rankMerchants(merchants);
  writeFileSync(OUT, toCsv(merchants, ranks));
  report(merchants, dropped);
}

function report(merchants: Merchant[], dropped: string[]): void {
  const bySource = new Map<string, number>();
  for (const m of merchants) bySource.set(m.source, (bySource.get(m.source) ?? 0) + 1);
  console.log(`merchants.csv: ${merchants.length} rows`, Object.fromEntries([...bySource.entries()].sort()));
  console.log(`with domains: ${merchants.filter((m) => m.domains.length > 0).length}`);
  console.log(`shared domains given to no merchant: ${dropped.length}`);
  if (process.env['VERBOSE'] !== undefined) for (const d of dropped) console.log(`  ${d}`);
}

if (existsSync(NSI_JSON)) main();
else throw new Error('name-suggestion-index is not installed: run npm ci');
