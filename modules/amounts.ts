/**
 * An amount of money as a family in India types it into a form (decision 0050): digits in Indian grouping
 * ("25,00,000") or international grouping ("2,500,000"), or a number of lakh or crore ("25 lakh",
 * "1.2 crore"), with or without a rupee sign or "Rs" before it (or "rupees", "INR" after it) and "/-" after it. One reader for every
 * form field that takes an amount (`readAmount`); a text it cannot read is `null`, never a guess. The
 * worth of lakh and crore (`wordedAmount`) is read here too for the amounts a mock interview's answer says.
 * The same in Hindi (decisions 0079 and 0082): "25 लाख", "1.2 करोड़", "५० हज़ार", Devanagari digits, and digits grouped by
 * spaces ("25 00 000") as a hand-written figure often is.
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
  // Hindi, as read after the nukta is dropped (करोड़ and करोड are one word to a reader).
  लाख: 1e5,
  लाखों: 1e5,
  करोड: 1e7,
  हजार: 1e3,
};

/** Devanagari digits as ASCII ones; the nukta dropped, so करोड़ written either way reads the same. */
const plainDigits = (text: string) =>
  text.replace(/[\u0966-\u096F]/g, (d) => String(d.charCodeAt(0) - 0x0966)).replace(/\u093C/g, "");

/** Plain digits, Indian grouping (2 digits between commas, 3 at the end) or international (3 and 3). */
const digits = /^(?:\d+|\d{1,2}(?:,\d{2})*,\d{3}|\d{1,3}(?:,\d{3})+)(?:\.\d+)?$/;

/**
 * A number said with a word of amount, in units: "25" lakh is 25,00,000, "1.2" crore 1,20,00,000 (exactly,
 * not 12000000.000000002), "30" k 30,000; null when the (lower-case) word is not one. The one reading of
 * lakh and crore, for a form's field (`readAmount`) and for amounts inside a mock interview's answer.
 */
export function wordedAmount(number: number, word: string): number | null {
  const factor = multipliers[plainDigits(word)];
  return factor === undefined ? null : toPaisa(number * factor);
}

const toPaisa = (value: number) => Math.round(value * 100) / 100;

export function readAmount(text: string): number | null {
  let rest = plainDigits(text.normalize("NFKC"))
    .trim()
    .toLowerCase()
    .replace(/\s*\/-$/, "")
    // A currency word after the amount ("25 lakh rupees", "25,00,000 INR"), only after a digit or a space,
    // so "crores" keeps its "rs".
    .replace(/(?<=[\d\s])(?:rupees|rupee|inr|rs\.?|रुपये|रुपए|रु\.?)$/, "")
    .replace(/\s*\/-\s*$/, "")
    // The longer words first: "रु" alone would leave the "पये" of "रुपये" behind.
    .replace(/^(?:₹|rupees|rupee|rs\.?|inr|रुपये|रुपए|रु\.?)\s*/, "")
    .trim();
  const worded = /^(.*?)\s*([a-z\u0900-\u097F]+)\.?$/.exec(rest);
  if (worded) rest = worded[1] ?? "";
  // Digits grouped by spaces ("25 00 000", "2 500 000") are grouped as by commas.
  rest = rest.replace(/(\d)\s+(?=\d)/g, "$1,");
  if (!digits.test(rest)) return null;
  // Words multiply a short number ("25 lakh"); digits already grouped are an amount on their own.
  if (worded && rest.includes(",")) return null;
  const value = worded ? wordedAmount(Number(rest), worded[2] ?? "") : toPaisa(Number(rest.replace(/,/g, "")));
  return value !== null && Number.isFinite(value) ? value : null;
}
