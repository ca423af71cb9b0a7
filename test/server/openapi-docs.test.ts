// The reference page of `ccp server start`, in a real browser: Debian's chromium, headless, driven by
// playwright-core. The page must render every operation from the served document with no network beyond
// the server. CI installs chromium (.ci/run); without it this suite fails rather than skips.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt, isolatedEnv, ROOT, tempDir } from '../helpers/cli.js';

const CHROMIUM = '/usr/bin/chromium';
const OPERATIONS = [
  'licenseAction',
  'codeGet',
  'edgeDeviceList',
  'edgeDeviceAdd',
  'edgeDevicePush',
  'orgUpdate',
  'orgList',
  'orgOptionsAdd',
  'codeTypeList',
  'notificationSave',
  'notificationUpdate',
  'notificationConfigure',
  'reportDownload',
];

let tmp: { dir: string; remove: () => Promise<void> };
let server: ChildProcess | undefined;
let url: string;
let browser: BrowserContext | undefined;

/** `ccp server start` on a free port; resolves with its URL once it says it is serving. */
function startServer(db: string, env: NodeJS.ProcessEnv): Promise<string> {
  const child = spawn(process.execPath, [BIN, 'server', 'start', '--port', '0', '--db', db], {
    env,
    cwd: ROOT,
  });
  server = child;
  let stderr = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 15_000);
    child.stderr?.on('data', (c: Buffer) => {
      stderr += c.toString();
      const m = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
  });
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: install Debian's chromium package (apt-get install -y chromium)`,
    );
  }
  ensureBuilt();
  tmp = await tempDir('ccp-docs-');
  url = await startServer(join(tmp.dir, 'docs.db'), isolatedEnv(tmp.dir));
  browser = await chromium.launchPersistentContext(join(tmp.dir, 'chromium-profile'), {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  await tmp?.remove();
});

describe('GET /docs', () => {
  it('renders all 13 operations and their record fields, offline', async () => {
    const page = await browser!.newPage();
    const outside: string[] = [];
    // Anything but the server itself is refused and remembered: the page must not need it.
    await page.route('**/*', (route) => {
      const target = route.request().url();
      if (target.startsWith(url) || target.startsWith('data:') || target.startsWith('blob:')) {
        return route.continue();
      }
      outside.push(target);
      return route.abort();
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/.test(m.text())) blocked.push(m.text());
    });

    const res = await page.goto(`${url}/docs`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-type']).toMatch(/^text\/html/);
    for (const id of OPERATIONS) {
      await page.locator(`[id="operation/${id}"]`).waitFor({ state: 'attached', timeout: 30_000 });
    }
    // The side menu lists each operation once.
    const listed = await page.locator('[data-item-id^="operation/"]').count();
    expect(listed).toBe(OPERATIONS.length);
    // The add operation's request records show their fields, spelling kept.
    const add = page.locator('[id="operation/edgeDeviceAdd"]');
    await expect(add.getByText('ipAdress', { exact: true }).first().isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
    // Only the branding image is held back by the page's policy: the page itself runs.
    for (const b of blocked) expect(b).toMatch(/cdn\.redoc\.ly/);
    await page.close();
  }, 90_000);
});
