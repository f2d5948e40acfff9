// The forest's pool worker on Node (bundled to dist/forest-worker.js, started by forest-pool.ts).
import { serveForestTasks } from './forest-tasks';

serveForestTasks();
