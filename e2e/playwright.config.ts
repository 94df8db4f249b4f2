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
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]],
  use: {
    viewport: { width: 1366, height: 768 },
    locale: 'en-US',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
