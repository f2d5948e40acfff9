import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { trainCommand } from '../../../src/cli/train';

/**
 * Runs the command in-process and returns the text it printed. The test runner talks to its
 * parent over the same stdout in binary frames, which pass through untouched.
 */
async function stdoutOf(run: () => Promise<void>): Promise<string> {
  const chunks: string[] = [];
  const write = process.stdout.write;
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    if (typeof chunk !== 'string') return (write as (...a: unknown[]) => boolean).call(process.stdout, chunk, ...rest);
    chunks.push(chunk);
    return true;
  }) as typeof process.stdout.write;
  try {
    await run();
  } finally {
    process.stdout.write = write;
  }
  return chunks.join('');
}

test('train --format mermaid prints the whole tree as Mermaid Markdown with its legend', async () => {
  const csv = path.join(process.cwd(), 'test/fixtures/parity/iris_gini_max_depth_3/train.csv');
  const out = await stdoutOf(() => trainCommand.run([csv, '--target', 'species', '--max-depth', '3', '--format', 'mermaid']));
  assert.match(out, /^# Decision tree\n\n```mermaid\nflowchart TD\n/);
  assert.ok(out.endsWith('```\n'));
  assert.equal((out.match(/^ {2}n\d+[[(]"/gm) ?? []).length, 9, 'all 9 nodes of the depth-3 tree, none folded');
  assert.ok(out.includes('  n0["petal_length_cm ≤ 2.45<br/>samples = 105<br/>gini = 0.667<br/>'));
  assert.ok(out.includes('subgraph legend ["Legend"]'));
  assert.ok(!out.includes('+'), 'no fold stubs');
});
