// `npm run lint`'s import check (docs/architecture.md "Layers and folders"): every .ts file of
// src/ and webview/ belongs to one layer and imports only from the layers it may use, and no
// import circle exists, neither between files nor between the engine's folders. Imports are read
// with TypeScript's own scanner (type-only ones count: a circle of types is still a circle).
// `node scripts/check-imports.mjs [root]` (default: the current folder); exit 1 naming each problem.
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const ts = createRequire(import.meta.url)('typescript');

/** Each layer: the files it holds (a folder ending in `/`, or one file) and the layers it may import. */
export const LAYERS = [
  { name: 'engine', holds: ['src/engine/'], uses: [] },
  { name: 'shared', holds: ['src/shared/'], uses: ['engine'] },
  { name: 'worker', holds: ['src/worker/'], uses: ['engine', 'shared'] },
  { name: 'cli', holds: ['src/cli/', 'src/cli.ts'], uses: ['engine', 'shared', 'worker'] },
  // The vscode side reaches the worker only through the bridge (src/host/worker-bridge.ts), which
  // starts dist/worker.js by its path: none of its layers imports src/worker/.
  { name: 'host', holds: ['src/host/'], uses: ['engine', 'shared'] },
  { name: 'panel', holds: ['src/panel/'], uses: ['engine', 'shared', 'host'] },
  { name: 'hover', holds: ['src/hover/'], uses: ['engine', 'shared', 'host', 'panel'] },
  { name: 'extension', holds: ['src/extension.ts', 'src/web-extension.ts', 'src/activate.ts'], uses: ['engine', 'shared', 'host', 'panel', 'hover'] },
  { name: 'webview', holds: ['webview/'], uses: ['engine', 'shared'] },
];

/**
 * Layers whose first-level folders must not import each other in a circle either (e.g. prune ↔
 * validation); each file at the layer's root counts as a folder of its own (report.ts, model.ts).
 */
const FOLDER_CIRCLES = ['src/engine/'];

function layerOf(file) {
  return LAYERS.find((layer) => layer.holds.some((h) => (h.endsWith('/') ? file.startsWith(h) : file === h)));
}

function tsFiles(root, dir) {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full).flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (statSync(path.join(root, rel)).isDirectory()) return tsFiles(root, rel);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [rel] : [];
  });
}

function resolve(root, from, spec) {
  if (!spec.startsWith('.')) return undefined;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  return [`${base}.ts`, `${base}/index.ts`, base].find((f) => f.endsWith('.ts') && existsSync(path.join(root, f)));
}

/** The import graph: file → the repository files it imports. */
export function importGraph(root) {
  const files = [...tsFiles(root, 'src'), ...tsFiles(root, 'webview')];
  const graph = new Map();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(path.join(root, file), 'utf8'), true, true);
    const targets = info.importedFiles.map((i) => resolve(root, file, i.fileName)).filter((t) => t !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected components with more than one member (or a self-import), Tarjan's way. */
function circles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component);
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found.map((component) => shortestCircle(graph, new Set(component)));
}

/** One circle through the component's first member, shortest first (breadth-first). */
function shortestCircle(graph, members) {
  const start = [...members].sort()[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const circle = [start];
        for (let u = v; u !== start; u = previous.get(u)) circle.splice(1, 0, u);
        return [...circle, start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

/** Every problem of the tree at `root`, one line each; empty when the layering holds. */
export function importProblems(root) {
  const graph = importGraph(root);
  const problems = [];
  for (const [file, targets] of graph) {
    const layer = layerOf(file);
    if (layer === undefined) {
      problems.push(`${file} is in no layer: add its folder to LAYERS in scripts/check-imports.mjs and docs/architecture.md`);
      continue;
    }
    for (const target of targets) {
      const to = layerOf(target);
      if (to !== undefined && to !== layer && !layer.uses.includes(to.name)) {
        problems.push(`upward import: ${file} (${layer.name}) imports ${target} (${to.name}); ${layer.name} may import only ${[layer.name, ...layer.uses].join(', ')}`);
      }
    }
  }
  for (const circle of circles(graph)) problems.push(`import circle: ${circle.join(' → ')}`);
  for (const prefix of FOLDER_CIRCLES) {
    const folderOf = (file) => {
      const rest = file.slice(prefix.length);
      if (!file.startsWith(prefix)) return undefined;
      return rest.includes('/') ? prefix + rest.slice(0, rest.indexOf('/') + 1) : file;
    };
    const folders = new Map();
    for (const [file, targets] of graph) {
      const from = folderOf(file);
      if (from === undefined) continue;
      const edges = folders.get(from) ?? new Set();
      for (const target of targets) {
        const to = folderOf(target);
        if (to !== undefined && to !== from) edges.add(to);
      }
      folders.set(from, edges);
    }
    const folderGraph = new Map([...folders].map(([k, v]) => [k, [...v]]));
    for (const circle of circles(folderGraph)) {
      const example = circle.slice(0, -1).map((from, k) => {
        const to = circle[k + 1];
        const [file, target] = [...graph].flatMap(([f, ts]) => ts.map((t) => [f, t])).find(([f, t]) => folderOf(f) === from && folderOf(t) === to);
        return `${file} → ${target}`;
      });
      problems.push(`folder import circle: ${circle.join(' → ')} (${example.join('; ')})`);
    }
  }
  return problems;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const root = path.resolve(process.argv[2] ?? '.');
  const problems = importProblems(root);
  for (const p of problems) console.error(p);
  if (problems.length > 0) {
    console.error(`check-imports: ${problems.length} problem(s); the layers are in docs/architecture.md`);
    process.exit(1);
  }
  console.log(`check-imports: ${importGraph(root).size} files, no circle, no upward import`);
}
