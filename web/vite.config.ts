/// <reference types="vitest/config" />
import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const backend = process.env.GRADUS_BACKEND ?? 'http://localhost:8080';

const config: UserConfig = {
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/mucgrs-service': { target: backend, changeOrigin: false },
      // The sandbox gateway's pages and the ticket verification page are served by the server.
      '/sandbox-gateway': { target: backend, changeOrigin: false },
      '/verify': { target: backend, changeOrigin: false },
    },
  },
  build: {
    target: 'es2022',
    // bench/web-size.ts reads it to tell page chunks from the shell.
    manifest: true,
    // Every page is its own lazy chunk; this warns when one grows past the bench budget's order of magnitude.
    chunkSizeWarningLimit: 400,
    // A lazy page's preload list names its stylesheets only: its scripts arrive through its own imports
    // (mostly the shell's, loaded already). Each page's full list of scripts sat in the entry chunk,
    // which every visitor of the login page downloads (bench/web-size.ts: the 250 KB budget).
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css'))) },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Generous bounds: antd in jsdom is slow, and CI machines are shared.
    testTimeout: 120000,
    hookTimeout: 60000,
    pool: 'threads',
    maxWorkers: 2,
  },
};

export default defineConfig(({ command }) => {
  // A build is always what the server serves, so it is always a production build. Vite builds whatever NODE_ENV
  // says, and `npm start` inherits the server's (development by default, README): React's development build,
  // about 70 KB more gzip on the login page. Vite reads NODE_ENV after loading this file, so setting it here is enough.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});
