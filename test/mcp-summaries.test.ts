/** The MCP tools' one-line summaries say what an answer holds, in the answer's own words ("up to" included). */
import { describe, expect, it } from 'vitest';
import { summariseTripleStack } from '../mcp/summaries.ts';

const card = { slug: 'us-bank-shopper-cash-rewards', name: 'Shopper Cash Rewards', rate: 6, value_cents: 6, conditions: [] };
const stack = (portal: { rate: number; up_to: boolean }, sure: number, ceiling: number) => ({
  merchant: { slug: 'walmart', name: 'Walmart', mcc_code: '5310' },
  evaluated_on: '2026-11-28',
  purchase_usd: 100,
  card,
  portal: { portal_name: 'TopCashback', unit: 'percent', ...portal },
  offer: null,
  card_cents: 6,
  portal_cents: sure - 6,
  portal_cents_up_to: ceiling - 6,
  offer_cents: 0,
  total_cents: sure,
  total_cents_up_to: ceiling,
});

describe('the triple-stack summary', () => {
  it('says "up to" and gives the total as a range when the portal rate is a ceiling', () => {
    const text = summariseTripleStack(stack({ rate: 8, up_to: true }, 6, 14), '2026-11-28');
    expect(text).toContain('TopCashback at up to 8 percent (0 to 8 cents');
    expect(text).toContain('total 6 to up to 14 cents per dollar');
  });

  it('gives one total when the portal rate is sure', () => {
    const text = summariseTripleStack(stack({ rate: 5, up_to: false }, 11, 11), '2026-11-28');
    expect(text).toContain('TopCashback at 5 percent (5 cents)');
    expect(text).toContain('total 11 cents per dollar');
    expect(text).not.toContain('up to');
  });
});
