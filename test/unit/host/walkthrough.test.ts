// The first-run walkthrough (package.json `contributes.walkthroughs`): every step's media file ships
// in the package, and every command it links to or completes on is one the extension contributes —
// a renamed command would otherwise leave a dead button on the Welcome page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { localizedManifest } from '../helpers/manifest';

interface Step {
  id: string;
  title: string;
  description: string;
  media: { markdown?: string; image?: string };
  completionEvents?: string[];
}

type Manifest = { contributes: { commands: { command: string }[]; walkthroughs: { id: string; steps: Step[] }[] } };
const manifest = localizedManifest<Manifest>();
const commands = new Set(manifest.contributes.commands.map((c) => c.command));
const [walkthrough] = manifest.contributes.walkthroughs;

test('the walkthrough opens a sample, trains, reads a node, steers and grows a forest, in that order', () => {
  assert.deepEqual(
    walkthrough.steps.map((s) => s.id),
    ['openSample', 'train', 'readNode', 'steer', 'forest'],
  );
  assert.match(walkthrough.steps[0].description, /\]\(command:decisionTree\.openSample\)/, 'the Open Sample command is a button of the first step');
});

test("every walkthrough link and completion event names a contributed command, and every step's media file exists", () => {
  // The Italian and Finnish steps keep their buttons too.
  const steps = (['en', 'it', 'fi'] as const).flatMap((language) => localizedManifest<Manifest>(language).contributes.walkthroughs[0].steps);
  assert.equal(steps.filter((s) => s.id === 'forest').length, 3);
  for (const step of steps) {
    const linked = [...step.description.matchAll(/\]\(command:([\w.]+)\)/g)].map((m) => m[1]);
    const completing = (step.completionEvents ?? []).map((e) => /^onCommand:(.+)$/.exec(e)?.[1] ?? assert.fail(`${step.id}: ${e}`));
    for (const command of [...linked, ...completing]) assert.ok(commands.has(command), `${step.id} names ${command}`);
    const media = step.media.markdown ?? step.media.image;
    assert.ok(media && existsSync(media), `${step.id}: ${media}`);
    assert.ok(media.startsWith('media/'), `${step.id}: media/ is what .vscodeignore ships`);
  }
});
