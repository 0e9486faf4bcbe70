import type { DemoCountry } from "./countries.ts";
import type { DemoUniversity } from "./universities.ts";

/** Cities per destination for synthetic (benchmark) universities. The names are real cities; the institutions are not. */
export const citiesByCountry: Record<string, readonly string[]> = {
  Australia: [
    "Sydney",
    "Melbourne",
    "Brisbane",
    "Perth",
    "Adelaide",
    "Canberra",
    "Hobart",
    "Darwin",
    "Gold Coast",
    "Newcastle",
    "Wollongong",
    "Geelong",
    "Townsville",
    "Cairns",
  ],
  Austria: ["Vienna", "Graz", "Linz", "Salzburg", "Innsbruck", "Klagenfurt"],
  Belgium: ["Brussels", "Antwerp", "Ghent", "Bruges", "Leuven", "Liège", "Namur"],
  Brunei: ["Bandar Seri Begawan", "Kuala Belait", "Tutong", "Seria"],
  Canada: ["Toronto", "Vancouver", "Montreal", "Ottawa", "Calgary", "Edmonton", "Winnipeg", "Halifax", "Waterloo", "Kingston"],
  "Costa Rica": ["San José", "Alajuela", "Heredia", "Cartago", "Liberia", "Puntarenas"],
  Croatia: ["Zagreb", "Split", "Rijeka", "Osijek", "Zadar", "Pula"],
  Cyprus: ["Nicosia", "Limassol", "Larnaca", "Paphos", "Famagusta"],
  Denmark: ["Copenhagen", "Aarhus", "Odense", "Aalborg", "Esbjerg", "Roskilde"],
  France: [
    "Paris",
    "Lyon",
    "Marseille",
    "Toulouse",
    "Nice",
    "Nantes",
    "Strasbourg",
    "Montpellier",
    "Bordeaux",
    "Lille",
    "Rennes",
    "Grenoble",
  ],
  Georgia: ["Tbilisi", "Batumi", "Kutaisi", "Rustavi", "Gori", "Zugdidi"],
  Germany: [
    "Berlin",
    "Munich",
    "Hamburg",
    "Cologne",
    "Frankfurt",
    "Stuttgart",
    "Düsseldorf",
    "Leipzig",
    "Dresden",
    "Hanover",
    "Nuremberg",
    "Bremen",
    "Bonn",
    "Mannheim",
    "Freiburg",
  ],
  Guyana: ["Georgetown", "Linden", "New Amsterdam", "Bartica"],
  Hungary: ["Budapest", "Debrecen", "Szeged", "Pécs", "Győr", "Miskolc"],
  Ireland: ["Dublin", "Cork", "Galway", "Limerick", "Waterford", "Athlone", "Sligo", "Kilkenny", "Dundalk"],
  Italy: ["Rome", "Milan", "Turin", "Naples", "Florence", "Bologna", "Venice", "Padua", "Genoa", "Pisa"],
  Japan: ["Tokyo", "Osaka", "Kyoto", "Yokohama", "Nagoya", "Sapporo", "Fukuoka", "Kobe", "Sendai", "Hiroshima"],
  Kyrgyzstan: ["Bishkek", "Osh", "Jalal-Abad", "Karakol", "Tokmok"],
  Latvia: ["Riga", "Daugavpils", "Liepāja", "Jelgava", "Ventspils"],
  Lithuania: ["Vilnius", "Kaunas", "Klaipėda", "Šiauliai", "Panevėžys"],
  Malaysia: [
    "Kuala Lumpur",
    "George Town",
    "Johor Bahru",
    "Ipoh",
    "Kuching",
    "Kota Kinabalu",
    "Shah Alam",
    "Malacca",
    "Cyberjaya",
  ],
  Malta: ["Valletta", "Msida", "Sliema", "Birkirkara", "Mosta"],
  Mexico: ["Mexico City", "Guadalajara", "Monterrey", "Puebla", "Querétaro", "Mérida", "Tijuana", "León"],
  Moldova: ["Chișinău", "Bălți", "Cahul", "Orhei"],
  Netherlands: [
    "Amsterdam",
    "Rotterdam",
    "The Hague",
    "Utrecht",
    "Eindhoven",
    "Groningen",
    "Leiden",
    "Maastricht",
    "Tilburg",
    "Nijmegen",
  ],
  "New Zealand": ["Auckland", "Wellington", "Christchurch", "Dunedin", "Hamilton", "Palmerston North"],
  Poland: ["Warsaw", "Kraków", "Wrocław", "Poznań", "Gdańsk", "Łódź", "Lublin", "Katowice"],
  Romania: ["Bucharest", "Cluj-Napoca", "Iași", "Timișoara", "Constanța", "Brașov", "Craiova"],
  Russia: [
    "Moscow",
    "Saint Petersburg",
    "Kazan",
    "Novosibirsk",
    "Yekaterinburg",
    "Nizhny Novgorod",
    "Samara",
    "Volgograd",
    "Kursk",
    "Smolensk",
  ],
  Singapore: ["Singapore", "Jurong", "Tampines", "Woodlands", "Punggol"],
  "South Africa": ["Johannesburg", "Cape Town", "Durban", "Pretoria", "Gqeberha", "Bloemfontein", "East London", "Polokwane"],
  "South Korea": ["Seoul", "Busan", "Incheon", "Daegu", "Daejeon", "Gwangju", "Ulsan", "Suwon"],
  Spain: ["Madrid", "Barcelona", "Valencia", "Seville", "Bilbao", "Málaga", "Zaragoza", "Salamanca", "Granada"],
  "Sri Lanka": ["Colombo", "Kandy", "Galle", "Jaffna", "Negombo", "Kurunegala"],
  Switzerland: ["Zurich", "Geneva", "Basel", "Bern", "Lausanne", "Lucerne", "Lugano", "St. Gallen"],
  Thailand: ["Bangkok", "Chiang Mai", "Phuket", "Khon Kaen", "Pattaya", "Hat Yai"],
  Turkey: ["Istanbul", "Ankara", "Izmir", "Bursa", "Antalya", "Konya", "Eskişehir"],
  "United Kingdom": [
    "London",
    "Manchester",
    "Birmingham",
    "Leeds",
    "Glasgow",
    "Edinburgh",
    "Liverpool",
    "Bristol",
    "Sheffield",
    "Nottingham",
    "Leicester",
    "Cardiff",
    "Belfast",
    "Newcastle",
    "Southampton",
    "Aberdeen",
  ],
  "United States": [
    "New York",
    "Los Angeles",
    "Chicago",
    "Houston",
    "Phoenix",
    "Philadelphia",
    "San Antonio",
    "San Diego",
    "Dallas",
    "Austin",
    "Seattle",
    "Boston",
    "Denver",
    "Atlanta",
    "Miami",
    "Detroit",
    "Portland",
    "Columbus",
  ],
  Uzbekistan: ["Tashkent", "Samarkand", "Bukhara", "Andijan", "Namangan", "Fergana"],
};

/** Destinations most students ask about get three times the share of synthetic universities. */
const popular = new Set(["Germany", "Ireland", "France", "United Kingdom", "United States", "Australia"]);

const patronyms = [
  "Ashford",
  "Bellmont",
  "Carrington",
  "Davenport",
  "Everett",
  "Fairview",
  "Granville",
  "Hartley",
  "Kingsley",
  "Lancaster",
  "Meridian",
  "Horizon",
  "Summit",
  "Crescent",
  "Pinnacle",
  "Aurora",
  "Heritage",
  "Sterling",
  "Westbrook",
  "Northgate",
  "Riverside",
  "Oakwood",
  "Silverline",
  "Greenfield",
  "Brightwater",
  "Highland",
  "Redwood",
  "Stonebridge",
  "Clearwater",
  "Lakeshore",
  "Beacon",
  "Compass",
  "Evergreen",
  "Harbourview",
  "Maplewood",
  "Newbridge",
  "Orion",
  "Sunrise",
  "Vanguard",
  "Wellspring",
] as const;

const fields = [
  "Engineering",
  "Management",
  "Health Sciences",
  "Business",
  "Technology",
  "Arts and Design",
  "Hospitality",
  "Computing",
  "Medicine",
  "Law",
  "Science",
  "Nursing",
] as const;

const campuses = ["North", "South", "East", "West", "Central", "City", "Riverside", "Lakeside", "Hillside", "Harbour"] as const;

type Template = (city: string, name: string, field: string) => { name: string; type: "Public" | "Private" };

const templates: readonly Template[] = [
  (c) => ({ name: `University of ${c}`, type: "Public" }),
  (c) => ({ name: `${c} University`, type: "Public" }),
  (c) => ({ name: `${c} Institute of Technology`, type: "Public" }),
  (c) => ({ name: `${c} State University`, type: "Public" }),
  (c) => ({ name: `${c} University of Applied Sciences`, type: "Public" }),
  (c) => ({ name: `${c} Polytechnic`, type: "Public" }),
  (c) => ({ name: `${c} Metropolitan University`, type: "Public" }),
  (c) => ({ name: `${c} Medical University`, type: "Public" }),
  (c) => ({ name: `${c} Business School`, type: "Private" }),
  (c) => ({ name: `${c} International University`, type: "Private" }),
  (c, _n, f) => ({ name: `${c} School of ${f}`, type: "Private" }),
  (_c, n) => ({ name: `${n} University`, type: "Private" }),
  (_c, n, f) => ({ name: `${n} College of ${f}`, type: "Private" }),
  (_c, n, f) => ({ name: `${n} Institute of ${f}`, type: "Private" }),
];

function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

/**
 * `count` synthetic, plausible universities spread over `countries` (for benchmarks). Names repeat cities but are
 * unique within one run: a repeated name gets a campus suffix. Deterministic for the same `random` sequence.
 */
export function* generateLargeUniversities(
  count: number,
  countries: DemoCountry[],
  random: () => number,
): Generator<DemoUniversity> {
  if (countries.length === 0) throw new Error("generateLargeUniversities needs at least one country");
  const weighted = countries.flatMap((c) => (popular.has(c.name) ? [c, c, c] : [c]));
  const used = new Set<string>();
  for (let i = 0; i < count; i++) {
    const country = pick(random, weighted);
    const city = pick(random, citiesByCountry[country.name] ?? [country.name]);
    const template = pick(random, templates);
    const base = template(city, pick(random, patronyms), pick(random, fields));
    let name = base.name;
    for (let k = 0; used.has(name); k++) {
      const round = Math.floor(k / campuses.length);
      name = `${base.name} (${campuses[k % campuses.length]} Campus${round > 0 ? ` ${round + 1}` : ""})`;
    }
    used.add(name);
    // Most city-named universities are public, most named colleges private; a few of each the other way.
    const type = random() < 0.85 ? base.type : base.type === "Public" ? "Private" : "Public";
    yield { name, city, country: country.name, type };
  }
}
