/* global console, process */
// The webview checks' runner, shared by check.mjs (the tree panel) and forest-check.mjs (the forest
// view): each check runs, prints ok / not ok with the first lines of its error, and is counted.
// ONLY=text runs only the checks whose name has it.
export function checkRunner() {
  const failures = [];
  let passed = 0;
  async function check(name, fn) {
    if (process.env.ONLY && !name.includes(process.env.ONLY)) return;
    try {
      await fn();
      passed++;
      console.log(`ok - ${name}`);
    } catch (err) {
      failures.push(name);
      console.log(`not ok - ${name}\n  ${String(err?.stack ?? err).split('\n').slice(0, 6).join('\n  ')}`);
    }
  }
  /** Prints the totals and sets the exit code. */
  function report(where) {
    console.log(`${passed} passed, ${failures.length} failed; screenshots in ${where}`);
    process.exitCode = failures.length > 0 ? 1 : 0;
  }
  return { check, report };
}
