/**
 * The loan planner's arithmetic (decision 0082), in rupees, free of storage and screens.
 *
 * - The moratorium is the course's months plus the grace months. Interest on it is simple interest on the
 *   amount borrowed: P x (annual rate / 100) x (moratorium months / 12). Paid month by month during the
 *   moratorium, it is part of the total interest; not paid, it is added to the principal once, when the
 *   instalments start (the convention and its public sources are in decision 0082).
 * - The instalment (EMI) is the standard reducing-balance one: EMI = P' x r x (1 + r)^n / ((1 + r)^n - 1),
 *   with P' the principal when instalments start, r the annual rate / 12 / 100 and n the tenure in months
 *   (the equated monthly instalment's formula; its source is in decision 0082); at a rate of 0 it is P' / n.
 * - Total interest is everything paid beyond the amount borrowed, fee aside; total cost adds the
 *   processing fee; total paid is the amount borrowed plus the total cost.
 */
export interface LoanTerms {
  amount: number;
  annualRate: number;
  tenureMonths: number;
  courseMonths: number;
  graceMonths: number;
  interestPaidDuringMoratorium: boolean;
  processingFee: number;
}

export interface LoanFigures {
  moratoriumMonths: number;
  /** Simple interest over the moratorium: paid during it, or added to the principal. */
  moratoriumInterest: number;
  /** What the student pays each month of the moratorium (0 when the interest accrues). */
  moratoriumMonthly: number;
  /** The principal when instalments start. */
  principalAtRepayment: number;
  emi: number;
  totalInterest: number;
  totalCost: number;
  totalPaid: number;
}

export function loanFigures(terms: LoanTerms): LoanFigures {
  const moratoriumMonths = terms.courseMonths + terms.graceMonths;
  const moratoriumInterest = (terms.amount * terms.annualRate * moratoriumMonths) / 100 / 12;
  const principalAtRepayment = terms.interestPaidDuringMoratorium ? terms.amount : terms.amount + moratoriumInterest;
  const r = terms.annualRate / 12 / 100;
  const growth = (1 + r) ** terms.tenureMonths;
  // At no interest the formula is 0/0: the instalment is the principal spread evenly over the tenure.
  const emi = r === 0 ? principalAtRepayment / terms.tenureMonths : (principalAtRepayment * r * growth) / (growth - 1);
  const instalments = emi * terms.tenureMonths;
  const paidInMoratorium = terms.interestPaidDuringMoratorium ? moratoriumInterest : 0;
  const totalInterest = instalments + paidInMoratorium - terms.amount;
  const totalCost = totalInterest + terms.processingFee;
  return {
    moratoriumMonths,
    moratoriumInterest,
    moratoriumMonthly: terms.interestPaidDuringMoratorium && moratoriumMonths > 0 ? moratoriumInterest / moratoriumMonths : 0,
    principalAtRepayment,
    emi,
    totalInterest,
    totalCost,
    totalPaid: terms.amount + totalCost,
  };
}
