import { describe, expect, it } from "vitest";
import { loanFigures } from "./loan-maths.ts";

describe("the loan planner's arithmetic (decision 0082)", () => {
  it("works a 40 lakh loan at 10.5% over 10 years after a 24-month moratorium whose interest accrues", () => {
    const figures = loanFigures({
      amount: 40_00_000,
      annualRate: 10.5,
      tenureMonths: 120,
      courseMonths: 18,
      graceMonths: 6,
      interestPaidDuringMoratorium: false,
      processingFee: 10_000,
    });
    // Worked by hand:
    // Moratorium: 18 course months + 6 grace months = 24 months.
    // Simple interest over it: 40,00,000 x 10.5/100 x 24/12 = 4,20,000 a year x 2 = 8,40,000.
    // Not paid, so the principal when instalments start: 40,00,000 + 8,40,000 = 48,40,000.
    // r = 10.5 / 12 / 100 = 0.00875 a month; n = 10 x 12 = 120 months.
    // (1 + r)^n = 1.00875^120 = e^(120 x ln 1.00875) = e^(120 x 0.0087119) = e^1.045431 = 2.844630.
    // EMI = 48,40,000 x 0.00875 x 2.844630 / (2.844630 - 1) = 42,350 x 1.542114 = 65,308.5 a month.
    // Instalments: 65,308.54 x 120 = 78,37,024.6.
    // Total interest: 78,37,024.6 - 40,00,000 = 38,37,024.6 (8,40,000 of it from the moratorium).
    // Total cost with the 10,000 processing fee: 38,47,024.6; total paid 78,47,024.6.
    expect(figures.moratoriumMonths).toBe(24);
    expect(figures.moratoriumInterest).toBeCloseTo(8_40_000, 6);
    expect(figures.principalAtRepayment).toBeCloseTo(48_40_000, 6);
    expect(figures.emi).toBeCloseTo(65_308.54, 2);
    expect(figures.totalInterest).toBeCloseTo(38_37_024.61, 1);
    expect(figures.totalCost).toBeCloseTo(38_47_024.61, 1);
    expect(figures.totalPaid).toBeCloseTo(78_47_024.61, 1);
    expect(figures.moratoriumMonthly).toBe(0);
  });

  it("keeps the principal when the interest is paid during the moratorium, and counts what was paid", () => {
    const figures = loanFigures({
      amount: 40_00_000,
      annualRate: 10.5,
      tenureMonths: 120,
      courseMonths: 18,
      graceMonths: 6,
      interestPaidDuringMoratorium: true,
      processingFee: 0,
    });
    // Paid month by month: 8,40,000 / 24 = 35,000 a month during the moratorium.
    // EMI on 40,00,000: 40,00,000 x 0.00875 x 2.844630 / 1.844630 = 35,000 x 1.542114 = 53,974.0.
    // Total interest: 53,974.00 x 120 = 64,76,879.8; 64,76,879.8 - 40,00,000 + 8,40,000 = 33,16,879.8.
    expect(figures.moratoriumMonthly).toBeCloseTo(35_000, 6);
    expect(figures.principalAtRepayment).toBe(40_00_000);
    expect(figures.emi).toBeCloseTo(53_974.0, 1);
    expect(figures.totalInterest).toBeCloseTo(33_16_879.8, 0);
    // Paying the interest as it falls due costs less over the loan than letting it accrue.
    const accrued = loanFigures({ ...figuresInput(), interestPaidDuringMoratorium: false });
    expect(figures.totalInterest).toBeLessThan(accrued.totalInterest);
  });

  it("spreads the principal evenly when a loan carries no interest, never NaN", () => {
    // An interest-free loan from a family trust: 6,00,000 over 5 years, nothing accrued in the moratorium.
    const figures = loanFigures({ ...figuresInput(), amount: 6_00_000, annualRate: 0, tenureMonths: 60 });
    expect(figures.emi).toBe(10_000);
    expect(figures.principalAtRepayment).toBe(6_00_000);
    expect(figures.totalInterest).toBe(0);
    expect(figures.totalPaid).toBe(6_00_000);
  });
});

const figuresInput = () => ({
  amount: 40_00_000,
  annualRate: 10.5,
  tenureMonths: 120,
  courseMonths: 18,
  graceMonths: 6,
  interestPaidDuringMoratorium: true,
  processingFee: 0,
});
