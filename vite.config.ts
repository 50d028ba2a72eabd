import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
    ],
  },
});
