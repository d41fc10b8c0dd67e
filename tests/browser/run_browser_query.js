// Drives the REAL Neo4j Browser (served by the local Neo4j) in Debian's headless Chromium with
// playwright-core: connect, run the given commands (e.g. `:param x => '...'` then a saved query),
// wait until the last result frame shows every expected string, take a screenshot.
//
// Usage: node run_browser_query.js spec.json     (spec: see tests/integration/test_browser_provenance.py)
// Prints one JSON line: {ok, found: {expected: bool}, error?, frameChars}. Never prints frame text.
'use strict';
const fs = require('fs');
const path = require('path');

const spec = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const nodeDir = spec.nodeDir || path.resolve(__dirname, '../../.a4s/node');
const { chromium } = require(path.join(nodeDir, 'node_modules', 'playwright-core'));

const LAUNCH_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-dev-shm-usage',
];

async function runCommand(page, command) {
  const before = await page.locator('[data-testid="frame"]').count();
  const editor = page.locator('[data-testid="activeEditor"]');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  // Paste (not type): Monaco would auto-indent and auto-close brackets while typing.
  await page.evaluate((text) => {
    const dt = new DataTransfer();
    dt.setData('text/plain', text);
    document.activeElement.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, command);
  await page.locator('[data-testid="editor-Run"]').click();
  // A new frame appears at the top of the stream.
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="frame"]').length > n, before, { timeout: 15000 });
}

(async () => {
  const userDataDir = fs.mkdtempSync(path.join(require('os').tmpdir(), 'a4s-chromium-'));
  const result = { ok: false, found: {}, frameChars: 0 };
  let context;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: spec.chromium || '/usr/bin/chromium',
      headless: true,
      args: LAUNCH_ARGS,
      viewport: { width: 1920, height: 1000 },
      timeout: 30000,
    });
    const page = context.pages()[0] || (await context.newPage());
    page.setDefaultTimeout(20000);
    await page.goto(spec.browserUrl, { waitUntil: 'domcontentloaded' });

    // The connect form of `:server connect`.
    await page.locator('[data-testid="boltaddress"]').waitFor();
    const scheme = page.locator('[data-testid="bolt-scheme-select"]');
    const [boltScheme, boltHost] = spec.boltUri.split('://');
    await scheme.selectOption(`${boltScheme}://`);
    await page.locator('[data-testid="boltaddress"]').fill(boltHost);
    await page.locator('[data-testid="username"]').fill(spec.user);
    await page.locator('[data-testid="password"]').fill(spec.password);
    await page.locator('[data-testid="connect"]').click();
    await page.locator('[data-testid="disconnectedBanner"]').waitFor({ state: 'detached', timeout: 20000 });

    // On connect the Browser opens `:play start` by itself; let it arrive, then clear the stream
    // so the newest frame is always ours.
    await page.locator('[data-testid="frameCommand"]', { hasText: ':play start' })
      .first().waitFor({ timeout: 10000 }).catch(() => {});
    await runCommand(page, ':clear').catch(() => {});
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="frame"]').length === 0,
      null, { timeout: 5000 }).catch(() => {});
    for (const command of spec.commands) {
      await runCommand(page, command);
    }
    // The newest frame is the first one in the stream; wait until it shows every expected string.
    const frame = page.locator('[data-testid="frame"]').first();
    try {
      await page.waitForFunction((expected) => {
        const f = document.querySelector('[data-testid="frame"]');
        const text = f ? f.innerText : '';
        return expected.every((e) => text.includes(e));
      }, spec.expect, { timeout: 20000 });
    } catch (e) {
      // fall through: report what was found
    }
    const text = await frame.innerText();
    result.frameChars = text.length;
    for (const e of spec.expect) result.found[e] = text.includes(e);
    result.ok = spec.expect.every((e) => result.found[e]);
    if (spec.screenshot) {
      fs.mkdirSync(path.dirname(spec.screenshot), { recursive: true });
      await page.screenshot({ path: spec.screenshot, fullPage: false });
    }
  } catch (err) {
    result.error = String(err && err.message ? err.message : err).split('\n')[0].slice(0, 300);
  } finally {
    if (context) await context.close().catch(() => {});
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
  process.stdout.write(JSON.stringify(result) + '\n');
  process.exit(result.ok ? 0 : 1);
})();
