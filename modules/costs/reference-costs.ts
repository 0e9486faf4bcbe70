/**
 * The costs a new database starts with (decision 0025); admins update them in the console
 * (/staff/costs).
 *
 * HOW THESE WERE CHECKED: written from the seed author's knowledge as of their training data (up to
 * early 2025), not copied from a table published on the day. The exchange rates are rounded mid-rates
 * for about 2 January 2025 as the Reserve Bank of India (USD, GBP, EUR, JPY) and the European Central
 * Bank (the other currencies it publishes, crossed with its INR rate) gave them; currencies neither
 * publishes are crossed through the US dollar at the issuing central bank's rate. Each row says which,
 * with "approx." — the pages add "approximately, at the rate of {date}". An operator should replace them
 * with the day's published figures before relying on them.
 */

export interface ReferenceRate {
  currency: string;
  rupeesPerUnit: number;
  source: string;
  rateDate: string;
}

const SNAPSHOT_DAY = "2025-01-02";
const rbi = "RBI reference rate (approx.)";
const ecb = "European Central Bank euro reference rates, crossed with INR (approx.)";
const viaUsd = (bank: string) => `${bank} rate to the US dollar, crossed with the RBI reference rate (approx.)`;

export const referenceRates: ReferenceRate[] = [
  { currency: "USD", rupeesPerUnit: 85.7, source: rbi, rateDate: SNAPSHOT_DAY },
  { currency: "EUR", rupeesPerUnit: 88.9, source: rbi, rateDate: SNAPSHOT_DAY },
  { currency: "GBP", rupeesPerUnit: 107.3, source: rbi, rateDate: SNAPSHOT_DAY },
  { currency: "JPY", rupeesPerUnit: 0.545, source: rbi, rateDate: SNAPSHOT_DAY },
  { currency: "AUD", rupeesPerUnit: 53.2, source: ecb, rateDate: SNAPSHOT_DAY },
  { currency: "CHF", rupeesPerUnit: 94.5, source: ecb, rateDate: SNAPSHOT_DAY },
  { currency: "DKK", rupeesPerUnit: 11.92, source: ecb, rateDate: SNAPSHOT_DAY },
  { currency: "HUF", rupeesPerUnit: 0.216, source: ecb, rateDate: SNAPSHOT_DAY },
  { currency: "PLN", rupeesPerUnit: 20.8, source: ecb, rateDate: SNAPSHOT_DAY },
  { currency: "RON", rupeesPerUnit: 17.9, source: ecb, rateDate: SNAPSHOT_DAY },
  { currency: "SGD", rupeesPerUnit: 62.8, source: ecb, rateDate: SNAPSHOT_DAY },
  { currency: "MYR", rupeesPerUnit: 19.15, source: ecb, rateDate: SNAPSHOT_DAY },
  { currency: "MXN", rupeesPerUnit: 4.16, source: ecb, rateDate: SNAPSHOT_DAY },
  { currency: "ZAR", rupeesPerUnit: 4.56, source: ecb, rateDate: SNAPSHOT_DAY },
  { currency: "KRW", rupeesPerUnit: 0.0583, source: ecb, rateDate: SNAPSHOT_DAY },
  { currency: "THB", rupeesPerUnit: 2.51, source: ecb, rateDate: SNAPSHOT_DAY },
  { currency: "TRY", rupeesPerUnit: 2.42, source: ecb, rateDate: SNAPSHOT_DAY },
  { currency: "CAD", rupeesPerUnit: 59.6, source: ecb, rateDate: SNAPSHOT_DAY },
  { currency: "NZD", rupeesPerUnit: 48.2, source: ecb, rateDate: SNAPSHOT_DAY },
  // Brunei's dollar is pegged at par to Singapore's.
  {
    currency: "BND",
    rupeesPerUnit: 62.8,
    source: "Par with the Singapore dollar (Currency Interchangeability Agreement), approx.",
    rateDate: SNAPSHOT_DAY,
  },
  { currency: "CRC", rupeesPerUnit: 0.169, source: viaUsd("Banco Central de Costa Rica"), rateDate: SNAPSHOT_DAY },
  { currency: "GEL", rupeesPerUnit: 30.5, source: viaUsd("National Bank of Georgia"), rateDate: SNAPSHOT_DAY },
  { currency: "GYD", rupeesPerUnit: 0.41, source: viaUsd("Bank of Guyana"), rateDate: SNAPSHOT_DAY },
  { currency: "MDL", rupeesPerUnit: 4.66, source: viaUsd("National Bank of Moldova"), rateDate: SNAPSHOT_DAY },
  { currency: "LKR", rupeesPerUnit: 0.293, source: viaUsd("Central Bank of Sri Lanka"), rateDate: SNAPSHOT_DAY },
];

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
