/**
 * A study destination: the spec's consultation list (section 5), in the spec's order, with Canada and New
 * Zealand in their alphabetical places (issue #25, decision 0044).
 */
export interface DemoCountry {
  name: string;
  slug: string;
  /** ISO 3166-1 alpha-2, lower case: names node_modules/flag-icons/flags/4x3/{code}.svg. */
  code: string;
  /** Lower-case other names a visitor might type. */
  aliases: string[];
  /**
   * ISO 4217 code of the tuition fees. The national currency, except Russia, Kyrgyzstan and
   * Uzbekistan, whose programmes for international students are priced in US dollars.
   */
  currency: string;
}

export const demoCountries: DemoCountry[] = [
  { name: "Australia", slug: "australia", code: "au", aliases: ["aus"], currency: "AUD" },
  { name: "Austria", slug: "austria", code: "at", aliases: ["österreich", "osterreich", "oesterreich"], currency: "EUR" },
  { name: "Belgium", slug: "belgium", code: "be", aliases: ["belgie", "belgië", "belgique"], currency: "EUR" },
  { name: "Brunei", slug: "brunei", code: "bn", aliases: ["brunei darussalam"], currency: "BND" },
  { name: "Canada", slug: "canada", code: "ca", aliases: [], currency: "CAD" },
  { name: "Costa Rica", slug: "costa-rica", code: "cr", aliases: [], currency: "CRC" },
  { name: "Croatia", slug: "croatia", code: "hr", aliases: ["hrvatska"], currency: "EUR" },
  { name: "Cyprus", slug: "cyprus", code: "cy", aliases: [], currency: "EUR" },
  { name: "Denmark", slug: "denmark", code: "dk", aliases: ["danmark"], currency: "DKK" },
  { name: "France", slug: "france", code: "fr", aliases: [], currency: "EUR" },
  { name: "Georgia", slug: "georgia", code: "ge", aliases: ["sakartvelo"], currency: "GEL" },
  { name: "Germany", slug: "germany", code: "de", aliases: ["deutschland"], currency: "EUR" },
  { name: "Guyana", slug: "guyana", code: "gy", aliases: [], currency: "GYD" },
  { name: "Hungary", slug: "hungary", code: "hu", aliases: ["magyarorszag", "magyarország"], currency: "HUF" },
  { name: "Ireland", slug: "ireland", code: "ie", aliases: ["eire", "éire"], currency: "EUR" },
  { name: "Italy", slug: "italy", code: "it", aliases: ["italia"], currency: "EUR" },
  { name: "Japan", slug: "japan", code: "jp", aliases: ["nippon", "nihon"], currency: "JPY" },
  {
    name: "Kyrgyzstan",
    slug: "kyrgyzstan",
    code: "kg",
    aliases: ["kyrgyz republic", "kirghizia", "kirgizstan"],
    currency: "USD",
  },
  { name: "Latvia", slug: "latvia", code: "lv", aliases: ["latvija"], currency: "EUR" },
  { name: "Lithuania", slug: "lithuania", code: "lt", aliases: ["lietuva"], currency: "EUR" },
  { name: "Malaysia", slug: "malaysia", code: "my", aliases: [], currency: "MYR" },
  { name: "Malta", slug: "malta", code: "mt", aliases: [], currency: "EUR" },
  { name: "Mexico", slug: "mexico", code: "mx", aliases: ["méxico"], currency: "MXN" },
  { name: "Moldova", slug: "moldova", code: "md", aliases: [], currency: "MDL" },
  { name: "Netherlands", slug: "netherlands", code: "nl", aliases: ["holland", "nederland"], currency: "EUR" },
  { name: "New Zealand", slug: "new-zealand", code: "nz", aliases: ["nz", "aotearoa"], currency: "NZD" },
  { name: "Poland", slug: "poland", code: "pl", aliases: ["polska"], currency: "PLN" },
  { name: "Romania", slug: "romania", code: "ro", aliases: ["românia"], currency: "RON" },
  { name: "Russia", slug: "russia", code: "ru", aliases: ["russian federation", "rossiya"], currency: "USD" },
  { name: "Singapore", slug: "singapore", code: "sg", aliases: [], currency: "SGD" },
  { name: "South Africa", slug: "south-africa", code: "za", aliases: ["rsa"], currency: "ZAR" },
  { name: "South Korea", slug: "south-korea", code: "kr", aliases: ["korea"], currency: "KRW" },
  { name: "Spain", slug: "spain", code: "es", aliases: ["espana", "españa"], currency: "EUR" },
  { name: "Sri Lanka", slug: "sri-lanka", code: "lk", aliases: ["ceylon"], currency: "LKR" },
  { name: "Switzerland", slug: "switzerland", code: "ch", aliases: ["swiss", "schweiz", "suisse"], currency: "CHF" },
  { name: "Thailand", slug: "thailand", code: "th", aliases: [], currency: "THB" },
  { name: "Turkey", slug: "turkey", code: "tr", aliases: ["türkiye", "turkiye"], currency: "TRY" },
  {
    name: "United Kingdom",
    slug: "united-kingdom",
    code: "gb",
    aliases: ["uk", "great britain", "britain", "england", "scotland", "wales"],
    currency: "GBP",
  },
  {
    name: "United States",
    slug: "united-states",
    code: "us",
    aliases: ["us", "usa", "america", "united states of america"],
    currency: "USD",
  },
  { name: "Uzbekistan", slug: "uzbekistan", code: "uz", aliases: ["ozbekiston"], currency: "USD" },
];
