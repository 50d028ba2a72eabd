import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// server.ts (the proxy and /payments-session) in development; SERVER_URL when it runs elsewhere.
const server = process.env.SERVER_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      // changeOrigin: false keeps the Host the browser sent, so the page's Origin is the payments
      // proxy's own: confirms and flows pass its cross-site check (docs/spa.md).
      '/api/payments': { target: server, changeOrigin: false },
      '/payments-session': { target: server, changeOrigin: false },
    },
  },
});
