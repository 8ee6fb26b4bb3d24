/** Keyed documents about loyalty programs and transfers. */
import { isoDate, slug, text, url } from '../common.ts';
import { count, nullableNumber, nullableString, component, object, valuationBasis } from './internal.ts';
import { programRow } from '../dataset/programs.ts';

export const transfer = object(
  {
    from: slug,
    from_name: text,
    to: slug,
    to_name: text,
    ratio_from: { type: 'number' },
    ratio_to: { type: 'number' },
    min_transfer: { type: ['integer', 'null'] },
    transfer_time: nullableString,
    cents_per_point_after: {
      type: ['number', 'null'],
      description: "value of one source point once transferred, at the partner's valuation; null when the partner has none",
    },
    source_url: url,
    as_of: isoDate,
  },
  [
    'from',
    'from_name',
    'to',
    'to_name',
    'ratio_from',
    'ratio_to',
    'min_transfer',
    'transfer_time',
    'cents_per_point_after',
    'source_url',
    'as_of',
  ],
);
export const program = object(
  {
    slug,
    name: text,
    kind: programRow.properties.kind,
    owner: text,
    cents_per_point: nullableNumber,
    valuation_basis: valuationBasis,
    valuation_source: text,
    card_count: count,
    source_url: url,
    as_of: isoDate,
  },
  ['slug', 'name', 'kind', 'owner', 'cents_per_point', 'valuation_basis', 'valuation_source', 'card_count', 'source_url', 'as_of'],
);
export const programDetail = component(
  'ProgramDetail',
  object({ ...program.properties, partners: { type: 'array', items: transfer }, sources: { type: 'array', items: transfer } }, [
    ...program.required,
    'partners',
    'sources',
  ]),
);
export const transferQuote = component(
  'TransferQuote',
  object(
    {
      ...transfer.properties,
      example: object({ points: count, partner_points: { type: 'number' }, value_usd: { type: ['number', 'null'] } }, [
        'points',
        'partner_points',
        'value_usd',
      ]),
    },
    [...transfer.required, 'example'],
  ),
);
