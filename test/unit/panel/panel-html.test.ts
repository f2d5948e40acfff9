import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentSecurityPolicy, makeNonce, panelHtml } from '../../../src/panel/html';
import { nodePlatform } from '../../../src/host/node-platform';
import { setHostPlatform } from '../../../src/host/platform';

const INPUT = {
  cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
  nonce: 'abc123+/=',
  scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview.js',
  styleUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/media/panel.css',
  title: 'iris.csv',
};

test('the policy is exactly the one of docs/architecture.md', () => {
  assert.equal(
    contentSecurityPolicy(INPUT.cspSource, 'N0nce'),
    "default-src 'none'; script-src 'nonce-N0nce'; style-src https://file+.vscode-resource.vscode-cdn.net 'unsafe-inline'; " +
      'img-src https://file+.vscode-resource.vscode-cdn.net data:; font-src https://file+.vscode-resource.vscode-cdn.net',
  );
});

test('the page carries the policy, loads only its own script with the nonce, and nothing remote', () => {
  const html = panelHtml(INPUT);
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html);
  assert.ok(meta);
  assert.equal(meta[1], contentSecurityPolicy(INPUT.cspSource, INPUT.nonce));
  // The one script that runs, with the nonce; the language block is data the browser never runs.
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  assert.deepEqual(scripts, ['<script type="application/json" id="dte-l10n">', `<script nonce="${INPUT.nonce}" src="${INPUT.scriptUri}">`]);
  assert.ok(html.indexOf('Content-Security-Policy') < html.indexOf('<link'), 'policy comes before any resource');
  const urls = [...html.matchAll(/(?:src|href)="([^"]*)"/g)].map((m) => m[1]);
  assert.deepEqual(urls, [INPUT.styleUri, INPUT.scriptUri]);
  assert.doesNotMatch(html, /\son\w+=/i, 'no inline event handlers');
});

test('a hostile file name is escaped, never markup', () => {
  const html = panelHtml({ ...INPUT, title: '"><script>alert(1)</script><img src=x onerror=alert(2)>.csv' });
  assert.equal([...html.matchAll(/<script nonce/g)].length, 1);
  assert.equal([...html.matchAll(/<script\b/g)].length, 2, 'the script and the language block only');
  assert.ok(!html.includes('<img'));
  assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
});

test('nonces are fresh and long enough', () => {
  setHostPlatform(nodePlatform);
  const a = makeNonce();
  const b = makeNonce();
  assert.notEqual(a, b);
  assert.ok(Buffer.from(a, 'base64').length >= 16);
});
