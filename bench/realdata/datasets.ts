// The real-data suite: public files from Debian's `weka` and `r-cran-palmerpenguins` packages and
// npm's `vega-datasets`, each with the target a new user would pick and every other column left in.

export type Task = 'classification' | 'regression';

export type Source =
  | { kind: 'weka'; file: string }
  | { kind: 'penguins'; file: string }
  | { kind: 'vega'; file: string };

/** How a file writes its fields: R's write.csv2 uses `;` and a decimal comma, .tsv files a tab. */
export interface FileFormat {
  delimiter: ',' | ';' | '\t';
  decimal: '.' | ',';
}

export const PLAIN_CSV: FileFormat = { delimiter: ',', decimal: '.' };

export interface RealDataset {
  name: string;
  source: Source;
  /** The source's format, kept in the fold files (default PLAIN_CSV). */
  format?: FileFormat;
  target: string;
  task: Task;
  /** Keep at most this many rows (a seeded sample), to hold the whole run near ten minutes. */
  maxRows?: number;
  /** What makes the file hard for a tree: dates, IDs, many-valued columns… */
  traits: string;
}

export const DATASETS: readonly RealDataset[] = [
  { name: 'penguins-raw', source: { kind: 'penguins', file: 'penguins_raw.csv' }, target: 'Species', task: 'classification', traits: 'IDs (Sample Number, Individual ID), date (Date Egg), free-text Comments' },
  { name: 'credit-g', source: { kind: 'weka', file: 'credit-g.arff' }, target: 'class', task: 'classification', traits: '13 nominal, 7 numeric' },
  { name: 'diabetes (Pima)', source: { kind: 'weka', file: 'diabetes.arff' }, target: 'class', task: 'classification', traits: 'numeric' },
  { name: 'soybean', source: { kind: 'weka', file: 'soybean.arff' }, target: 'class', task: 'classification', traits: '35 nominal, missing values, 19 classes (some tiny)' },
  { name: 'breast-cancer', source: { kind: 'weka', file: 'breast-cancer.arff' }, target: 'Class', task: 'classification', traits: 'nominal, missing values' },
  { name: 'vote', source: { kind: 'weka', file: 'vote.arff' }, target: 'Class', task: 'classification', traits: 'nominal y/n, many missing' },
  { name: 'cpu (vendor)', source: { kind: 'weka', file: 'cpu.with.vendor.arff' }, target: 'class', task: 'regression', traits: 'vendor: 30 values in 209 rows' },
  { name: 'seattle-weather', source: { kind: 'vega', file: 'seattle-weather.csv' }, target: 'weather', task: 'classification', traits: 'date (one per row)' },
  { name: 'birdstrikes', source: { kind: 'vega', file: 'birdstrikes.csv' }, target: 'Effect Amount of damage', task: 'classification', traits: 'date (3,625 values), 225 aircraft models, costs' },
  { name: 'zipcodes', source: { kind: 'vega', file: 'zipcodes.csv' }, target: 'state', task: 'classification', traits: 'ID (zip_code), city 18,931 values, county 1,929; states with 1–4 rows' },
  { name: 'cars → Origin', source: { kind: 'vega', file: 'cars.json' }, target: 'Origin', task: 'classification', traits: 'ID-like Name, Year as ISO dates' },
  { name: 'cars → MPG', source: { kind: 'vega', file: 'cars.json' }, target: 'Miles_per_Gallon', task: 'regression', traits: 'ID-like Name, Year as ISO dates' },
  { name: 'flights-200k', source: { kind: 'vega', file: 'flights-200k.json' }, target: 'delay', task: 'regression', traits: 'numeric (distance, time of day)' },
];
