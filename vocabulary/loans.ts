/**
 * The loan planner's words and limits (decision 0082): a calculator of the loan offers a student types,
 * up to three side by side; no lender is named, ranked or promoted by the portal.
 */

export const loanRateTypes = ["fixed", "floating"] as const;
export type LoanRateType = (typeof loanRateTypes)[number];
export const loanRateTypeLabels: Record<LoanRateType, string> = { fixed: "Fixed", floating: "Floating" };

/** How many offers a student compares at once. */
export const MAX_LOAN_OFFERS = 3;
/** A rate above 0 and at most this many per cent a year; a tenure above 0 and at most this many years. */
export const MAX_LOAN_RATE = 30;
export const MAX_LOAN_TENURE_YEARS = 30;
/** The longest course and grace period the planner takes, in months. */
export const MAX_COURSE_MONTHS = 84;
export const MAX_GRACE_MONTHS = 24;
export const LOAN_LABEL_MAX_LENGTH = 60;

export const loanMessages = {
  saved: "Loan offer saved.",
  removed: "Loan offer removed.",
  tooMany: "You can compare up to three loan offers. Remove one to add another.",
  noSuchOffer: "No such loan offer.",
  label: "Give the offer a name you will recognise, up to 60 characters (e.g. the letter's date).",
  amount: "Write the amount in rupees, e.g. 40,00,000, 40 lakh or 1.2 crore.",
  rate: "Enter the annual interest rate in per cent: more than 0 and at most 30 (e.g. 10.5).",
  rateTooSmall: "Enter a rate of at least 0.01 per cent: rates are kept to two decimals (e.g. 10.5).",
  rateType: "Choose fixed or floating.",
  tenure: "Enter the repayment tenure in years: more than 0 and at most 30.",
  courseMonths: "Enter the course length in months (0 to 84).",
  graceMonths: "Enter the grace months after the course (0 to 24).",
  processingFee: "Write the processing fee in rupees, e.g. 10,000 (0 if none).",
  notAMarketplace:
    "This planner works out what you type from your lenders' letters. Ignite does not rank, recommend or promote any lender, and takes nothing from them.",
} as const;
