// A `.csv.gz`/`.tsv.gz` in the extension: Train and Profile are offered on it in the Explorer and
// the palette, `.tsv.gz` reads tab-separated, and what is written beside it drops both suffixes.
import '../helpers/fake-vscode'; // first: makes `vscode` resolvable
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type * as vscode from 'vscode';
import { FakeUri } from '../helpers/fake-vscode';
import { delimiterFor } from '../../../src/host/csv-source';
import { besideUri } from '../../../src/host/save-beside';

const uri = (path: string) => FakeUri.file(path) as unknown as vscode.Uri;

interface MenuItem {
  command: string;
  when?: string;
}

/** Evaluates the resourceExtname/resourceFilename tests of a when clause for a file name (others false). */
function offeredFor(when: string, fileName: string): boolean {
  const extname = fileName.slice(fileName.lastIndexOf('.'));
  return [...when.matchAll(/resource(Extname|Filename) =~ \/(.+?)\/(i?)/g)].some(([, key, source, flags]) =>
    new RegExp(source, flags).test(key === 'Extname' ? extname : fileName),
  );
}

test('Train, Train with Options, Set Target and Profile are offered on .csv.gz and .tsv.gz files', () => {
  const menus = (JSON.parse(readFileSync('package.json', 'utf8')) as { contributes: { menus: Record<string, MenuItem[]> } }).contributes.menus;
  const wanted = ['decisionTree.train', 'decisionTree.trainWithOptions', 'decisionTree.profile'];
  for (const [menu, commands] of [['explorer/context', wanted], ['commandPalette', [...wanted, 'decisionTree.setTarget']]] as const) {
    for (const command of commands) {
      const item = menus[menu].find((m) => m.command === command);
      assert.ok(item?.when !== undefined, `${menu} ${command}`);
      for (const name of ['data.csv.gz', 'DATA.TSV.GZ', 'data.csv']) assert.ok(offeredFor(item.when, name), `${menu} ${command} ${name}`);
      assert.ok(!offeredFor(item.when, 'archive.tar.gz'), `${menu} ${command} archive.tar.gz`);
    }
  }
});

test('Train, Train with Options, the forests and Profile are offered on .parquet files (README "Parquet input")', () => {
  const menus = (JSON.parse(readFileSync('package.json', 'utf8')) as { contributes: { menus: Record<string, MenuItem[]> } }).contributes.menus;
  const wanted = ['decisionTree.train', 'decisionTree.trainWithOptions', 'decisionTree.trainForest', 'decisionTree.trainForestWithOptions', 'decisionTree.profile'];
  for (const menu of ['explorer/context', 'commandPalette']) {
    for (const command of wanted) {
      const item = menus[menu].find((m) => m.command === command);
      assert.ok(item?.when !== undefined, `${menu} ${command}`);
      for (const name of ['data.parquet', 'PART-0.PARQUET']) assert.ok(offeredFor(item.when, name), `${menu} ${command} ${name}`);
      assert.ok(!offeredFor(item.when, 'data.parquet.crc'), `${menu} ${command} data.parquet.crc`);
    }
  }
  // Set Column Type edits a text document's header: not a Parquet file's.
  const setType = menus['commandPalette'].find((m) => m.command === 'decisionTree.setColumnType');
  assert.ok(setType?.when !== undefined && !offeredFor(setType.when, 'data.parquet'));
});

test('a .tsv.gz is tab-separated; predictions and exports are named without .csv.gz', () => {
  assert.equal(delimiterFor(uri('/d/data.tsv.gz')), '\t');
  assert.equal(delimiterFor(uri('/d/data.csv.gz')), undefined);
  // (The stand-in's joinPath leaves `..` as it is; VS Code's resolves it.)
  const beside = (file: string, suffix: string) => path.posix.normalize(besideUri(uri(file), suffix).path);
  assert.equal(beside('/d/zips.csv.gz', '.predictions.csv'), '/d/zips.predictions.csv');
  assert.equal(beside('/d/zips.tsv.gz', '.model.json'), '/d/zips.model.json');
});
