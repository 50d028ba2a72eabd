import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    vue({
      template: {
        // The kit's tags are custom elements, not Vue components: Vue then creates them as they
        // are, sets their attributes, and adds `@payments-…` listeners to the element itself.
        compilerOptions: { isCustomElement: (tag) => tag.startsWith('payments-') },
      },
    }),
  ],
  build: {
    // The page is served under `default-src 'self'`: no inline script, not even Vite's preload polyfill.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
  },
});
