/** Loyalty programs, valuations, transfer partners and transfer quotes. */
import { defineRoute, type RouteDefinition } from '../route.ts';
import type { Model } from '../engine/model.ts';
import { cardSummary, listOf, program, programDetail, transfer, transferQuote } from '../../schemas/keyed.ts';
import { round4 } from '../engine/ranking.ts';
import { byText, cardSummaryOf, programOf, transferOf } from '../views/index.ts';

const programs = (model: Model) => [...model.programs.values()].sort((a, b) => byText(a.slug, b.slug));
const transfers = (model: Model) => model.dataset.transferPartners.map(({ row }) => row);
/** Where a program's points go, by partner. */
const partnersOf = (model: Model, slug: string) =>
  transfers(model)
    .filter((t) => t.from_program === slug)
    .map((t) => transferOf(model, t))
    .sort((a, b) => byText(a.to, b.to));
/** Which programs transfer into one, by source. */
const sourcesOf = (model: Model, slug: string) =>
  transfers(model)
    .filter((t) => t.to_program === slug)
    .map((t) => transferOf(model, t))
    .sort((a, b) => byText(a.from, b.from));

export const programRoutes: readonly RouteDefinition[] = [
  defineRoute('programs-list', {
    schema: listOf(program, 'ProgramList'),
    summary: 'Loyalty programs and reward currencies with point valuations',
    *derive(model) {
      const data = programs(model).map((row) => programOf(model, row));
      yield { params: {}, list: data };
    },
  }),
  defineRoute('programs-detail', {
    schema: programDetail,
    summary: 'One program with its transfer partners (out) and sources (in)',
    *derive(model) {
      for (const row of programs(model)) {
        const document = {
          ...programOf(model, row),
          partners: partnersOf(model, row.slug),
          sources: sourcesOf(model, row.slug),
        };
        yield { params: { id: row.slug }, document };
      }
    },
  }),
  defineRoute('program-partners', {
    schema: listOf(transfer, 'TransferList'),
    summary: "Where one program's points transfer to, with ratios and the value after transfer",
    *derive(model) {
      for (const row of programs(model)) {
        const data = partnersOf(model, row.slug);
        yield {
          params: { id: row.slug },
          list: data,
        };
      }
    },
  }),
  defineRoute('program-sources', {
    schema: listOf(transfer, 'TransferList'),
    summary: 'Which bank currencies transfer into one program',
    *derive(model) {
      for (const row of programs(model)) {
        const data = sourcesOf(model, row.slug);
        yield {
          params: { id: row.slug },
          list: data,
        };
      }
    },
  }),
  defineRoute('program-cards', {
    schema: listOf(cardSummary, 'CardList'),
    summary: "The cards that earn one program's currency",
    *derive(model) {
      for (const row of programs(model)) {
        const data = [...model.cardBySlug.values()]
          .filter((c) => c.program === row.slug)
          .sort((a, b) => byText(a.slug, b.slug))
          .map((c) => cardSummaryOf(model, c));
        yield {
          params: { id: row.slug },
          list: data,
        };
      }
    },
  }),
  defineRoute('valuations', {
    schema: listOf(program, 'ProgramList'),
    summary: 'Point valuations in cents, highest first, with their sources',
    *derive(model) {
      const data = programs(model)
        .map((row) => programOf(model, row))
        .sort((a, b) => (b.cents_per_point ?? -1) - (a.cents_per_point ?? -1) || byText(a.slug, b.slug));
      yield { params: {}, list: data };
    },
  }),
  defineRoute('compute-transfer', {
    schema: transferQuote,
    summary: 'What a transfer from one program to another gives: ratio, minimum, time, and the value of 10,000 points after it',
    *derive(model) {
      for (const row of transfers(model)) {
        const view = transferOf(model, row);
        const points = 10_000;
        const partnerPoints = round4((points * row.ratio_to) / row.ratio_from);
        const cents = model.programs.get(row.to_program)?.cents_per_point ?? null;
        const document = {
          ...view,
          example: { points, partner_points: partnerPoints, value_usd: cents === null ? null : round4((partnerPoints * cents) / 100) },
        };
        yield { params: { from: row.from_program, to: row.to_program }, document };
      }
    },
  }),
];
