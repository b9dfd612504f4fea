import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRs, MAX_PAISA, paisaToDecimal, parseRupees } from '../common/money.ts';
import { invoiceTotals } from './invoice-list.ts';

const paisa = fc.integer({ min: 0, max: MAX_PAISA });
const pct = fc.integer({ min: 0, max: 100 });

/** The §5 total worked out independently, in BigInt rupee-hundredths. */
function reference(amount: number, apply: boolean, rate: number, expenses: number[]): bigint {
  const a = BigInt(amount);
  // Half a paisa of tax rounds up: tax = round(a * rate / 100).
  const tax = apply && rate > 0 ? (a * BigInt(rate) * 2n + 100n) / 200n : 0n;
  const total = a + expenses.reduce((s, e) => s + BigInt(e), 0n) - tax;
  return total < 0n ? 0n : total;
}

describe('invoice money (part 3 §5)', () => {
  it('total = amount + expenses − tax, exactly, for any amounts', () => {
    fc.assert(
      fc.property(paisa, fc.boolean(), pct, fc.array(paisa, { maxLength: 20 }), (a, apply, rate, exp) => {
        const t = invoiceTotals({ amount: a, apply_tax: apply, tax_percentage: rate, expenses: exp });
        expect(BigInt(t.total)).toBe(reference(a, apply, rate, exp));
        expect(t.amount + t.expenses - t.tax).toBe(t.total);
      }),
      { numRuns: 500 },
    );
  });

  it('applies no tax unless apply_tax is set and the percentage is above 0', () => {
    fc.assert(
      fc.property(paisa, pct, fc.array(paisa, { maxLength: 5 }), (a, rate, exp) => {
        const off = invoiceTotals({ amount: a, apply_tax: false, tax_percentage: rate, expenses: exp });
        expect(off.tax).toBe(0);
        const zero = invoiceTotals({ amount: a, apply_tax: true, tax_percentage: 0, expenses: exp });
        expect(zero.tax).toBe(0);
        expect(zero.total).toBe(off.total);
      }),
    );
  });

  it('counts negative or invalid amounts as 0', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ max: -1 }),
          fc.constant(Number.NaN),
          fc.constant('12'),
          fc.constant(null),
          fc.double(),
        ),
        paisa,
        (bad, good) => {
          const t = invoiceTotals({
            amount: bad,
            apply_tax: true,
            tax_percentage: 10,
            expenses: [bad, good],
          });
          expect(t.amount).toBe(Number.isSafeInteger(bad) && (bad as number) > 0 ? bad : 0);
          expect(t.total).toBeGreaterThanOrEqual(0);
        },
      ),
    );
    expect(invoiceTotals({ amount: -500, apply_tax: true, tax_percentage: -5, expenses: [] }).total).toBe(0);
  });

  it('payments lower what is due, never below 0', () => {
    fc.assert(
      fc.property(paisa, fc.array(paisa, { maxLength: 5 }), (a, pays) => {
        const t = invoiceTotals({
          amount: a,
          apply_tax: false,
          tax_percentage: 10,
          expenses: [],
          payments: pays,
        });
        const paid = pays.reduce((s, p) => s + p, 0);
        expect(t.paid).toBe(paid);
        expect(t.due).toBe(Math.max(0, a - paid));
      }),
    );
  });

  it('reads rupees from their decimal text, round-tripping every paisa', () => {
    fc.assert(
      fc.property(paisa, (p) => {
        expect(parseRupees(paisaToDecimal(p))).toBe(p);
        expect(parseRupees(Number(paisaToDecimal(p)))).toBe(p);
      }),
    );
    expect(parseRupees('0.1')).toBe(10);
    expect(parseRupees(0.07)).toBe(7);
    expect(parseRupees('1234.56789')).toBe(123457);
    expect(parseRupees('1234.56499')).toBe(123456);
    for (const bad of ['-1', '1,000', 'abc', '', '1e3', Infinity, -0.5, '1.123456', {}, true])
      expect(parseRupees(bad)).toBeNull();
  });

  it('shows Rs. with two decimals', () => {
    expect(formatRs(0)).toBe('Rs. 0.00');
    expect(formatRs(5)).toBe('Rs. 0.05');
    expect(formatRs(123456789)).toBe('Rs. 1,234,567.89');
    // 10% of Rs. 1,000.05 is 100.005: half a paisa rounds up.
    const t = invoiceTotals({ amount: 100005, apply_tax: true, tax_percentage: 10, expenses: [2500, 1250] });
    expect(formatRs(t.tax)).toBe('Rs. 100.01');
    expect(formatRs(t.total)).toBe('Rs. 937.54');
  });
});
