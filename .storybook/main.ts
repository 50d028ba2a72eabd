import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest', 'msw-storybook-addon'],
  // StrictMode, as integrators should run it: effects twice, so a double request would show.
  framework: { name: '@storybook/react-vite', options: { strictMode: true } },
  // mockServiceWorker.js (MSW) and hosted/ (the sandbox's static hosted flow page).
  staticDirs: ['../public'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: 'react-docgen-typescript' },
  viteFinal(viteConfig) {
    // The root vite.config.ts is a library build: no lib mode or publicDir rules in Storybook.
    if (viteConfig.build) delete viteConfig.build.lib;
    return viteConfig;
  },
};

export default config;
