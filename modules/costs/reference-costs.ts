/**
 * The costs a new database starts with (decision 0025); admins update them in the console
 * (/staff/costs).
 *
 * THE RATES (decision 0041): every rate below is worked out from one official table, the European Central
 * Bank's euro foreign exchange reference rates of 8 May 2026 (https://www.ecb.europa.eu/stats/eurofxref/
 * eurofxref-daily.xml, as stored on that day): rupees a unit = the ECB's INR rate (111.1285 to the euro)
 * divided by its rate for the currency (USD 1.1761, GBP 0.86410, ...), to six significant figures. The
 * ECB publishes them "for information purposes only"; the pages say "approximately, at the rate of
 * 8 May 2026" and name the source. Brunei's dollar is at par with Singapore's by the Currency
 * Interchangeability Agreement, so it takes SGD's figure.
 *
 * Not seeded, because no 2026 figure could be confirmed from an official page (decision 0041): ZAR (the
 * stored ECB table was cut off at the rand), CRC, GEL, GYD, MDL and LKR (the ECB does not publish them,
 * and no central bank's 2026 table was found). A page with a fee in one of them shows the amount in its
 * own currency and "No rupee rate for LKR yet", never a guess; an admin enters the day's rate in the
 * console. The rates seeded before (of about 2 January 2025) were written from memory, not checked.
 */

export interface ReferenceRate {
  currency: string;
  rupeesPerUnit: number;
  source: string;
  rateDate: string;
}

const ECB_DAY = "2026-05-08";
/** The day the first seed's unchecked rates claimed (decision 0025); a row still carrying it is replaced at start. */
export const OLD_SEED_DAY = "2025-01-02";
const ecbInr = "European Central Bank euro reference rate for INR";
const ecb = "European Central Bank euro reference rates, crossed with its INR rate";

export const referenceRates: ReferenceRate[] = [
  { currency: "USD", rupeesPerUnit: 94.489, source: ecb, rateDate: ECB_DAY },
  { currency: "EUR", rupeesPerUnit: 111.1285, source: ecbInr, rateDate: ECB_DAY },
  { currency: "GBP", rupeesPerUnit: 128.606, source: ecb, rateDate: ECB_DAY },
  { currency: "JPY", rupeesPerUnit: 0.602747, source: ecb, rateDate: ECB_DAY },
  { currency: "AUD", rupeesPerUnit: 68.3489, source: ecb, rateDate: ECB_DAY },
  { currency: "CHF", rupeesPerUnit: 121.372, source: ecb, rateDate: ECB_DAY },
  { currency: "DKK", rupeesPerUnit: 14.8715, source: ecb, rateDate: ECB_DAY },
  { currency: "HUF", rupeesPerUnit: 0.312027, source: ecb, rateDate: ECB_DAY },
  { currency: "PLN", rupeesPerUnit: 26.2603, source: ecb, rateDate: ECB_DAY },
  { currency: "RON", rupeesPerUnit: 21.2747, source: ecb, rateDate: ECB_DAY },
  { currency: "SGD", rupeesPerUnit: 74.5279, source: ecb, rateDate: ECB_DAY },
  { currency: "MYR", rupeesPerUnit: 24.0981, source: ecb, rateDate: ECB_DAY },
  { currency: "MXN", rupeesPerUnit: 5.48198, source: ecb, rateDate: ECB_DAY },
  { currency: "KRW", rupeesPerUnit: 0.064419, source: ecb, rateDate: ECB_DAY },
  { currency: "THB", rupeesPerUnit: 2.93238, source: ecb, rateDate: ECB_DAY },
  { currency: "TRY", rupeesPerUnit: 2.08288, source: ecb, rateDate: ECB_DAY },
  { currency: "CAD", rupeesPerUnit: 69.1829, source: ecb, rateDate: ECB_DAY },
  { currency: "NZD", rupeesPerUnit: 56.3104, source: ecb, rateDate: ECB_DAY },
  {
    currency: "BND",
    rupeesPerUnit: 74.5279,
    source:
      "At par with the Singapore dollar (Currency Interchangeability Agreement); SGD from the European Central Bank, crossed with INR",
    rateDate: ECB_DAY,
  },
];

/** The demo catalogue's currencies with no confirmed rate: no rupee amount is shown for them until an admin enters one. */
export const currenciesWithoutConfirmedRate = ["ZAR", "CRC", "GEL", "GYD", "MDL", "LKR"] as const;

export interface ReferenceLivingCost {
  /** The catalogue country's name (the demo catalogue's spelling). */
  country: string;
  amountPerYear: number;
  currency: string;
  source: string;
  year: number;
}

/**
 * A year's living costs (rent, food, transport, insurance; not tuition). Where a government sets the
 * funds a student visa needs, that figure is used and named; elsewhere the row says it is Ignite's
 * estimate from the named guide's monthly figure.
 */
export const referenceLivingCosts: ReferenceLivingCost[] = [
  {
    country: "Australia",
    amountPerYear: 29_710,
    currency: "AUD",
    source: "Department of Home Affairs, student visa financial capacity requirement",
    year: 2024,
  },
  {
    country: "Austria",
    amountPerYear: 12_000,
    currency: "EUR",
    source: "Ignite estimate from OeAD's living-cost guide (about EUR 1,000 a month)",
    year: 2024,
  },
  {
    country: "Belgium",
    amountPerYear: 9_600,
    currency: "EUR",
    source: "Ignite estimate from the student-visa proof of means (about EUR 800 a month)",
    year: 2024,
  },
  {
    country: "Brunei",
    amountPerYear: 9_600,
    currency: "BND",
    source: "Ignite estimate from universities' guides (about BND 800 a month)",
    year: 2024,
  },
  {
    country: "Canada",
    amountPerYear: 22_895,
    currency: "CAD",
    source:
      "Ignite estimate from IRCC's proof of funds for one student outside Quebec (CAD 22,895 a year from 1 September 2025, as reported; to be confirmed on canada.ca)",
    year: 2025,
  },
  {
    country: "Costa Rica",
    amountPerYear: 5_400_000,
    currency: "CRC",
    source: "Ignite estimate (about CRC 450,000 a month)",
    year: 2024,
  },
  {
    country: "Croatia",
    amountPerYear: 8_400,
    currency: "EUR",
    source: "Ignite estimate from Study in Croatia (about EUR 700 a month)",
    year: 2024,
  },
  {
    country: "Cyprus",
    amountPerYear: 9_600,
    currency: "EUR",
    source: "Ignite estimate from universities' guides (about EUR 800 a month)",
    year: 2024,
  },
  {
    country: "Denmark",
    amountPerYear: 84_000,
    currency: "DKK",
    source: "Ignite estimate from Study in Denmark (about DKK 7,000 a month)",
    year: 2024,
  },
  {
    country: "France",
    amountPerYear: 7_380,
    currency: "EUR",
    source: "Campus France, funds a student visa requires (EUR 615 a month)",
    year: 2024,
  },
  { country: "Georgia", amountPerYear: 12_000, currency: "GEL", source: "Ignite estimate (about GEL 1,000 a month)", year: 2024 },
  {
    country: "Germany",
    amountPerYear: 11_904,
    currency: "EUR",
    source: "Federal Foreign Office, blocked-account requirement (EUR 992 a month)",
    year: 2025,
  },
  {
    country: "Guyana",
    amountPerYear: 1_800_000,
    currency: "GYD",
    source: "Ignite estimate (about GYD 150,000 a month)",
    year: 2024,
  },
  {
    country: "Hungary",
    amountPerYear: 3_000_000,
    currency: "HUF",
    source: "Ignite estimate from Study in Hungary (about HUF 250,000 a month)",
    year: 2024,
  },
  {
    country: "Ireland",
    amountPerYear: 10_000,
    currency: "EUR",
    source: "Irish Immigration Service, funds a non-EEA student must show for each year",
    year: 2024,
  },
  {
    country: "Italy",
    amountPerYear: 9_600,
    currency: "EUR",
    source: "Ignite estimate from Study in Italy (about EUR 800 a month)",
    year: 2024,
  },
  {
    country: "Japan",
    amountPerYear: 1_200_000,
    currency: "JPY",
    source: "Ignite estimate from JASSO's student life survey (about JPY 100,000 a month)",
    year: 2024,
  },
  { country: "Kyrgyzstan", amountPerYear: 2_400, currency: "USD", source: "Ignite estimate (about USD 200 a month)", year: 2024 },
  {
    country: "Latvia",
    amountPerYear: 7_200,
    currency: "EUR",
    source: "Ignite estimate from Study in Latvia (about EUR 600 a month)",
    year: 2024,
  },
  {
    country: "Lithuania",
    amountPerYear: 7_200,
    currency: "EUR",
    source: "Ignite estimate from Study in Lithuania (about EUR 600 a month)",
    year: 2024,
  },
  {
    country: "Malaysia",
    amountPerYear: 18_000,
    currency: "MYR",
    source: "Ignite estimate from Study in Malaysia (about MYR 1,500 a month)",
    year: 2024,
  },
  {
    country: "Malta",
    amountPerYear: 9_600,
    currency: "EUR",
    source: "Ignite estimate from the University of Malta's guide (about EUR 800 a month)",
    year: 2024,
  },
  {
    country: "Mexico",
    amountPerYear: 180_000,
    currency: "MXN",
    source: "Ignite estimate (about MXN 15,000 a month)",
    year: 2024,
  },
  { country: "Moldova", amountPerYear: 96_000, currency: "MDL", source: "Ignite estimate (about MDL 8,000 a month)", year: 2024 },
  {
    country: "Netherlands",
    amountPerYear: 14_400,
    currency: "EUR",
    source: "Ignite estimate from Study in NL (about EUR 1,200 a month)",
    year: 2024,
  },
  {
    country: "New Zealand",
    amountPerYear: 20_000,
    currency: "NZD",
    source:
      "Ignite estimate from Immigration New Zealand's student fund requirement (NZD 20,000 a year, as read on 24 November 2026; to be confirmed on immigration.govt.nz)",
    year: 2026,
  },
  {
    country: "Poland",
    amountPerYear: 36_000,
    currency: "PLN",
    source: "Ignite estimate from Study in Poland (about PLN 3,000 a month)",
    year: 2024,
  },
  { country: "Romania", amountPerYear: 24_000, currency: "RON", source: "Ignite estimate (about RON 2,000 a month)", year: 2024 },
  { country: "Russia", amountPerYear: 3_600, currency: "USD", source: "Ignite estimate (about USD 300 a month)", year: 2024 },
  {
    country: "Singapore",
    amountPerYear: 18_000,
    currency: "SGD",
    source: "Ignite estimate from universities' guides (about SGD 1,500 a month)",
    year: 2024,
  },
  {
    country: "South Africa",
    amountPerYear: 120_000,
    currency: "ZAR",
    source: "Ignite estimate from universities' guides (about ZAR 10,000 a month)",
    year: 2024,
  },
  {
    country: "South Korea",
    amountPerYear: 12_000_000,
    currency: "KRW",
    source: "Ignite estimate from Study in Korea (about KRW 1,000,000 a month)",
    year: 2024,
  },
  {
    country: "Spain",
    amountPerYear: 7_200,
    currency: "EUR",
    source: "Student visa means: 100% of IPREM (EUR 600 a month)",
    year: 2024,
  },
  {
    country: "Sri Lanka",
    amountPerYear: 1_200_000,
    currency: "LKR",
    source: "Ignite estimate (about LKR 100,000 a month)",
    year: 2024,
  },
  {
    country: "Switzerland",
    amountPerYear: 21_600,
    currency: "CHF",
    source: "Ignite estimate from Swiss universities' guides (about CHF 1,800 a month)",
    year: 2024,
  },
  {
    country: "Thailand",
    amountPerYear: 180_000,
    currency: "THB",
    source: "Ignite estimate (about THB 15,000 a month)",
    year: 2024,
  },
  {
    country: "Turkey",
    amountPerYear: 240_000,
    currency: "TRY",
    source: "Ignite estimate (about TRY 20,000 a month)",
    year: 2024,
  },
  {
    country: "United Kingdom",
    amountPerYear: 13_632,
    currency: "GBP",
    source: "UKVI maintenance requirement outside London (GBP 1,136 a month; London GBP 1,483)",
    year: 2025,
  },
  {
    country: "United States",
    amountPerYear: 18_000,
    currency: "USD",
    source: "Ignite estimate from universities' cost-of-attendance figures for housing, food and personal costs",
    year: 2024,
  },
  { country: "Uzbekistan", amountPerYear: 2_400, currency: "USD", source: "Ignite estimate (about USD 200 a month)", year: 2024 },
];
