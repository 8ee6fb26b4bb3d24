/** The caller's usage, dataset statistics, the change history of the builds and the enterprise exports. */
import { defineRoute, type RouteDefinition } from '../route.ts';
import type { Model } from '../engine/model.ts';
import { change, pageOf, snapshot, stats, usage } from '../../schemas/keyed.ts';
import { datasetDate } from '../dataset/dataset-date.ts';
import { toCsv } from '../dataset/csv.ts';
import { tables } from '../dataset/tables.ts';
import { byText } from '../views/index.ts';

const changePage = pageOf(change, 'ChangePage');

const EXPORT_COLUMNS = [
  'card',
  'card_name',
  'issuer',
  'network',
  'segment',
  'program',
  'cents_per_point',
  'annual_fee',
  'foreign_tx_fee',
  'base_rate',
  'status',
  'category',
  'rate',
  'cap_usd',
  'cap_period',
  'rate_after_cap',
  'channel',
  'selection',
  'valid_from',
  'valid_to',
  'source_url',
  'as_of',
] as const;

/** One row per card and bonus rule (a card without rules gets one row with its base rate): the flat table spreadsheets want. */
function exportCsv(model: Model): Buffer {
  const rows: (string | number | null)[][] = [];
  for (const card of [...model.cardBySlug.values()].sort((a, b) => byText(a.slug, b.slug))) {
    const common = [
      card.slug,
      card.name,
      card.issuer,
      card.network,
      card.segment,
      card.program,
      model.programs.get(card.program)?.cents_per_point ?? null,
      card.annual_fee,
      card.foreign_tx_fee,
      card.base_rate,
      card.status,
    ];
    const rules = [...(model.rulesByCard.get(card.slug) ?? [])].sort(
      (a, b) => byText(a.category, b.category) || byText(a.valid_from ?? '', b.valid_from ?? ''),
    );
    if (rules.length === 0) rows.push([...common, null, null, null, null, null, null, null, null, null, card.source_url, card.as_of]);
    for (const rule of rules) {
      rows.push([
        ...common,
        rule.category,
        rule.rate,
        rule.cap_usd,
        rule.cap_period,
        rule.rate_after_cap,
        rule.channel,
        rule.selection,
        rule.valid_from,
        rule.valid_to,
        rule.source_url,
        rule.as_of,
      ]);
    }
  }
  return Buffer.from(toCsv(EXPORT_COLUMNS, rows), 'utf8');
}

export const metaRoutes: readonly RouteDefinition[] = [
  defineRoute('usage', {
    schema: usage,
    summary: "The caller's own call counters for today and this month, with the limits of its tier",
  }),
  defineRoute('stats', {
    schema: stats,
    summary: 'Counts of everything in the dataset and its dates',
    *derive(model) {
      const counts = Object.fromEntries(
        tables.map((t) => [t.file.replace('.csv', ''), (model.dataset[t.name] as readonly unknown[]).length]),
      );
      yield {
        params: {},
        document: {
          build_date: model.date,
          dataset_date: datasetDate(model.dataset),
          counts: { ...counts, active_cards: model.activeCards.length },
        },
      };
    },
  }),
  defineRoute('changes', {
    schema: changePage,
    summary: 'Every published build, newest first, with the answers it changed',
    description:
      'One entry per published build whose answers changed (the last 50): its build id, dataset date, dataset commit when known, files changed per route family, and the top cards, recommendation winners, annual fees, valuations and portal rates that changed against the build before it. A rebuild that changes no answer adds no entry. The same history is published as an Atom feed at /changes.xml.',
    *deriveFromHistory(_model, history) {
      yield { params: {}, pages: history };
    },
  }),
  defineRoute('export-csv', {
    schema: { type: 'string', title: 'DatasetCsv' },
    contentType: 'text/csv; charset=utf-8',
    summary: 'Every card and bonus rule as one flat CSV',
    *derive(model) {
      yield { params: {}, bytes: exportCsv(model) };
    },
  }),
  defineRoute('export-snapshot', {
    schema: snapshot,
    summary: 'The whole dataset, every table, as one JSON document',
    *derive(model) {
      const document = Object.fromEntries(
        tables.map((t) => [t.file.replace('.csv', ''), (model.dataset[t.name] as readonly { row: unknown }[]).map(({ row }) => row)]),
      );
      yield { params: {}, document };
    },
  }),
];
