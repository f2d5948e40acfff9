/* global console, process, document */
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

/** Zooms the diagram in and pans it far to the right, so that most nodes are out of view. */
export async function panAway(page, viewport = '.viewport') {
  await page.locator(viewport).focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('+');
  for (let i = 0; i < 25; i++) await page.keyboard.press('ArrowLeft');
}

/** Whether the element's box lies inside the diagram's viewport, above the details when they are a sheet over it. */
export function inView(page, selector, viewport = '.viewport') {
  return page.evaluate(
    ([s, v]) => {
      const a = document.querySelector(s).getBoundingClientRect();
      const b = document.querySelector(v).getBoundingClientRect();
      const sheet = document.querySelector('.details:not([hidden])')?.getBoundingClientRect();
      const bottom = sheet && sheet.left <= b.left + 1 && sheet.top > b.top && sheet.top < b.bottom ? sheet.top : b.bottom;
      return a.left >= b.left && a.right <= b.right && a.top >= b.top && a.bottom <= bottom;
    },
    [selector, viewport],
  );
}
