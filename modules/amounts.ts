/**
 * An amount of money as a family in India types it into a form (decision 0050): digits in Indian grouping
 * ("25,00,000") or international grouping ("2,500,000"), or a number of lakh or crore ("25 lakh",
 * "1.2 crore"), with or without a rupee sign or "Rs" before it and "/-" after it. One reader for every
 * form field that takes an amount; a text it cannot read is `null`, never a guess.
 */

const multipliers: Record<string, number> = {
  lakh: 1e5,
  lakhs: 1e5,
  lac: 1e5,
  lacs: 1e5,
  l: 1e5,
  crore: 1e7,
  crores: 1e7,
  cr: 1e7,
  thousand: 1e3,
  k: 1e3,
  million: 1e6,
  mn: 1e6,
};

/** Plain digits, Indian grouping (2 digits between commas, 3 at the end) or international (3 and 3). */
const digits = /^(?:\d+|\d{1,2}(?:,\d{2})*,\d{3}|\d{1,3}(?:,\d{3})+)(?:\.\d+)?$/;

export function readAmount(text: string): number | null {
  let rest = text
    .normalize("NFKC")
    .trim()
    .toLowerCase()
    .replace(/\s*\/-$/, "")
    .replace(/^(?:₹|rs\.?|inr)\s*/, "")
    .trim();
  let multiplier = 1;
  const worded = /^(.*?)\s*([a-z]+)\.?$/.exec(rest);
  if (worded) {
    const factor = multipliers[worded[2] ?? ""];
    if (factor === undefined) return null;
    multiplier = factor;
    rest = worded[1] ?? "";
  }
  if (!digits.test(rest)) return null;
  // Words multiply a short number ("25 lakh"); digits already grouped are an amount on their own.
  if (multiplier !== 1 && rest.includes(",")) return null;
  const value = Number(rest.replace(/,/g, "")) * multiplier;
  if (!Number.isFinite(value)) return null;
  // "1.2 crore" is 1,20,00,000 exactly, not 12000000.000000002.
  return Math.round(value * 100) / 100;
}
