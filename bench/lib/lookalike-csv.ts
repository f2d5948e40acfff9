// Generated look-alikes of three public files the forests were slow on (BENCHMARKS.md "Forests on
// real-looking files"): their columns' kinds, value spellings, ties and missing values, with a
// target that depends on them, from a seeded generator (the real files are not in the repo).
// - diamonds: 53,940 rows; carat and the sizes with 2 decimals (many ties), cut/color/clarity
//   categorical, price an integer (regression).
// - txhousing: 8,602 rows; city (46 values), year, month, sales, volume, listings, inventory with
//   missing values ("NA"), median price in hundreds (regression, many ties, some missing).
// - trump_tweets: 20,761 rows; source (the class), free text, a first word of many values,
//   is_retweet, counts, an 18-digit id.
import { createRng, randomInt, type Rng } from '../../src/engine/random';

export type LookalikeName = 'diamonds' | 'txhousing' | 'trump_tweets';

export interface Lookalike {
  name: LookalikeName;
  target: string;
  task: 'classification' | 'regression';
  /** The CSV's text, header first, "\n" line ends. */
  csv: string;
}

const pick = <T>(rng: Rng, list: readonly T[]): T => list[randomInt(rng, list.length)];
/** A standard normal draw (Box–Muller). */
const normal = (rng: Rng): number => Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());

const CUTS = ['Fair', 'Good', 'Very Good', 'Premium', 'Ideal'];
const COLORS = ['D', 'E', 'F', 'G', 'H', 'I', 'J'];
const CLARITIES = ['I1', 'SI2', 'SI1', 'VS2', 'VS1', 'VVS2', 'VVS1', 'IF'];

function diamonds(rows: number, rng: Rng): string {
  const lines = ['carat,cut,color,clarity,depth,table,price,x,y,z'];
  for (let r = 0; r < rows; r++) {
    const carat = Math.min(5.01, Math.max(0.2, Math.round(Math.exp(normal(rng) * 0.55 - 0.45) * 100) / 100));
    const cut = Math.min(4, Math.floor(rng() * rng() * 5 + rng() * 2.2));
    const color = randomInt(rng, 7);
    const clarity = Math.min(7, Math.floor(rng() * 5 + rng() * 3.4));
    const depth = Math.round((61.7 + normal(rng) * 1.4) * 10) / 10;
    const table = Math.round(57 + normal(rng) * 2.2);
    const price = Math.round(Math.min(18823, Math.max(326, 3900 * carat ** 1.7 * (1 + 0.04 * cut) * (1.15 - 0.05 * color) * (0.75 + 0.09 * clarity) * Math.exp(normal(rng) * 0.12))));
    const x = Math.round((6.45 * carat ** (1 / 3) + normal(rng) * 0.03) * 100) / 100;
    const y = Math.round((x + normal(rng) * 0.02) * 100) / 100;
    const z = Math.round(x * depth * 0.01 * 100) / 100;
    lines.push(`${carat},${CUTS[cut]},${COLORS[color]},${CLARITIES[clarity]},${depth},${table},${price},${x},${y},${z}`);
  }
  return lines.join('\n') + '\n';
}

function txhousing(rng: Rng): string {
  const cities = Array.from({ length: 46 }, (_, i) => `City ${String.fromCharCode(65 + (i % 26))}${i >= 26 ? 'ville' : ''}`);
  const lines = ['city,year,month,sales,volume,median,listings,inventory,date'];
  const na = (v: string, p: number): string => (rng() < p ? 'NA' : v);
  for (let row = 0; row < 8602; row++) {
    const c = row % 46;
    const t = Math.floor(row / 46);
    const year = 2000 + Math.floor(t / 12);
    const month = (t % 12) + 1;
    const size = 1 + ((c * 37) % 23);
    const sales = Math.max(6, Math.round(size * 60 * (1 + 0.3 * Math.sin((month / 12) * 2 * Math.PI)) * (1 + normal(rng) * 0.15)));
    const median = Math.round((90000 + size * 3000 + (year - 2000) * 4000 + normal(rng) * 9000) / 100) * 100;
    const volume = sales * median * (1 + normal(rng) * 0.05);
    const listings = Math.round(sales * 6 * (1 + normal(rng) * 0.2));
    const inventory = Math.round((listings / sales) * 10) / 10;
    lines.push(`${cities[c]},${year},${month},${na(String(sales), 0.07)},${na(volume.toFixed(0), 0.07)},${na(String(median), 0.07)},${na(String(listings), 0.16)},${na(String(inventory), 0.16)},${(year + (month - 1) / 12).toFixed(3)}`);
  }
  return lines.join('\n') + '\n';
}

const SOURCES = ['Twitter for Android', 'Twitter for iPhone', 'Twitter Web Client', 'Twitter for iPad', 'TweetDeck'];
const WORDS = ['great', 'thank', 'you', 'America', 'MAKE', 'AGAIN', 'the', 'crooked', 'media', 'poll', 'vote', 'jobs', 'fake', 'news', 'big', 'win', 'tonight', 'rally', 'join', 'me'];

function trumpTweets(rng: Rng): string {
  const lines = ['source,id_str,text,first_word,created_hour,retweet_count,favorite_count,is_retweet'];
  let id = 10_000_000_000_000_000n;
  for (let r = 0; r < 20_761; r++) {
    const s = Math.min(4, Math.floor(rng() * rng() * 4 + rng() * 1.4));
    const words = Array.from({ length: 5 + randomInt(rng, 12) }, () => pick(rng, WORDS));
    // Android tweets start with a quote more often; the first word has hundreds of values.
    const first = s === 0 && rng() < 0.5 ? `"@user${randomInt(rng, 400)}` : `${pick(rng, WORDS)}${randomInt(rng, s === 1 ? 60 : 300)}`;
    const text = `${first} ${words.join(' ')} #${r}`;
    id += BigInt(1 + randomInt(rng, 1_000_000_000));
    const hour = (s === 0 ? 6 + randomInt(rng, 6) : 10 + randomInt(rng, 14)) % 24;
    const retweets = Math.round(Math.exp(6 + normal(rng) * 1.3 + (s === 1 ? 0.6 : 0)));
    const favourites = Math.round(retweets * (3 + rng() * 2));
    lines.push(`${SOURCES[s]},${id},"${text.replace(/"/g, '""')}","${first.replace(/"/g, '""')}",${hour},${retweets},${favourites},${rng() < 0.1 ? 'TRUE' : 'FALSE'}`);
  }
  return lines.join('\n') + '\n';
}

export function lookalike(name: LookalikeName, seed = 1): Lookalike {
  const rng = createRng(seed);
  switch (name) {
    case 'diamonds':
      return { name, target: 'price', task: 'regression', csv: diamonds(53_940, rng) };
    case 'txhousing':
      return { name, target: 'median', task: 'regression', csv: txhousing(rng) };
    case 'trump_tweets':
      return { name, target: 'source', task: 'classification', csv: trumpTweets(rng) };
  }
}
