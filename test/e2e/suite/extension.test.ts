// The extension as VS Code sees it: present, lazily activated, every contributed command
// registered, every contributed setting readable with its declared default.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';

interface ConfigurationSection {
  properties?: Record<string, { default?: unknown }>;
}
interface Manifest {
  publisher: string;
  name: string;
  activationEvents?: string[];
  contributes?: {
    commands?: { command: string }[];
    menus?: Record<string, { command?: string; submenu?: string }[]>;
    configuration?: ConfigurationSection | ConfigurationSection[];
  };
}

// The extension under test is the workspace's development extension; its id comes from the
// manifest next to the compiled tests (out/test/e2e/suite → repo root).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const manifest = require('../../../../package.json') as Manifest;
const extensionId = `${manifest.publisher}.${manifest.name}`;

function extension(): vscode.Extension<unknown> {
  const ext = vscode.extensions.getExtension(extensionId);
  assert.ok(ext, `extension ${extensionId} is not loaded`);
  return ext;
}

describe('extension', () => {
  it('is loaded but not activated before it is needed', () => {
    const events = manifest.activationEvents ?? [];
    assert.ok(!events.includes('*') && !events.includes('onStartupFinished'), `eager activation: ${events}`);
    assert.equal(extension().isActive, false);
  });

  it('activates without error', async () => {
    await extension().activate();
    assert.equal(extension().isActive, true);
  });

  it('registers every contributed command', async () => {
    const contributed = (manifest.contributes?.commands ?? []).map((c) => c.command);
    assert.ok(contributed.length > 0, 'the manifest contributes no commands');
    await extension().activate();
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(contributed.filter((id) => !registered.has(id)), []);
  });

  it('refers only to contributed commands in its menus', () => {
    const contributed = new Set((manifest.contributes?.commands ?? []).map((c) => c.command));
    const referenced = Object.values(manifest.contributes?.menus ?? {})
      .flat()
      .flatMap((item) => (item.command ? [item.command] : []));
    assert.deepEqual(referenced.filter((id) => !contributed.has(id)), []);
  });

  it('reads every contributed setting with its declared default', function () {
    const sections = [manifest.contributes?.configuration ?? []].flat();
    const properties = sections.flatMap((s) => Object.entries(s.properties ?? {}));
    if (properties.length === 0) this.skip();
    const config = vscode.workspace.getConfiguration();
    for (const [key, schema] of properties) {
      const inspected = config.inspect(key);
      assert.ok(inspected, `setting ${key} is unknown to VS Code`);
      if ('default' in schema) assert.deepEqual(inspected.defaultValue, schema.default, key);
    }
  });
});
