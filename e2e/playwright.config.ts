import { defineConfig } from '@playwright/test';

/**
 * The browser suite: the built web app served by the real server (started in global-setup.ts on a
 * free port with a fresh DATA_DIR), driven by Debian's Chromium. Browser downloads are impossible
 * here, so the executable is the system one.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/test-results',
  globalSetup: './global-setup.ts',
  // Tests share nothing but the demo accounts, which they only read: spread them over both workers.
  fullyParallel: true,
  forbidOnly: true,
  // A test that passes only on a second try is a bug to report, not to hide.
  retries: 0,
  workers: 2,
  // Generous: the suite shares two cores with whatever else the machine runs; every wait is still bounded.
  // 45 s was passed by long tests (a score import, the review pages' axe runs) in a fresh-clone run on
  // 8d4d1f9 that had the machine to itself; they take 20-35 s alone.
  timeout: 60_000,
  // A first page load on a loaded 2-core machine (two browsers, their GPU processes and the server) can take
  // over 10 s before its heading shows: a fresh-clone run on c422a42 saw six pages still 'Loading…' at 10 s.
  expect: { timeout: 20_000 },
  reporter: [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]],
  use: {
    // Bounded like the expectations: an action that waits for the whole test's time cannot be retried
    // by the helpers that try a click again (fixtures/controls.ts).
    actionTimeout: 20_000,
    viewport: { width: 1366, height: 768 },
    locale: 'en-US',
    timezoneId: 'Asia/Shanghai',
    // A failed test keeps its trace with the page's snapshots around every action, but not a film of the
    // screen (E2E_TRACE=on or off to change the mode): filming took a third of the suite's CPU (a sample
    // of 12 tests: 455 CPU-seconds with it, 331 without, 281 with no trace at all).
    trace: { mode: (process.env.E2E_TRACE as 'on' | 'off' | 'retain-on-failure' | undefined) ?? 'retain-on-failure', screenshots: false, snapshots: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        // Debian's wrapper turns GPU rasterization on; without a GPU that runs SwiftShader in a GPU
        // process, the busiest process of the suite. Software compositing draws the same pixels for a
        // fifth less CPU over a spec (measured on staff-logs: 149 → 120 CPU-seconds).
        '--disable-gpu-compositing',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
