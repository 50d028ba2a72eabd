import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

// Debian's Chromium (apt: chromium): nothing downloads a browser here. The flags keep it from
// reaching for the network, which this machine and CI do not have.
const chromium = () =>
  playwright({
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  });

// A fresh object per project: a shared one makes the second project report as the first.
const browser = () => ({
  enabled: true,
  headless: true,
  provider: chromium(),
  instances: [{ browser: 'chromium' as const }],
});

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: ['test/**/*.browser.test.{ts,tsx}', 'test/**/*.node.test.{ts,tsx}'],
          setupFiles: ['./test/setup.ts'],
          globals: true,
          typecheck: { enabled: true, include: ['test/**/*.test-d.ts'] },
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.node.test.{ts,tsx}'],
          globals: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/**/*.browser.test.{ts,tsx}'],
          browser: browser(),
        },
      },
    ],
  },
});
