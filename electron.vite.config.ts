import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import WORKER_SCRIPTS from './src-main/workers/worker-scripts.json';

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // fast-png is ESM only: bundled into the simulator's chunk rather than required from CommonJS.
      externalizeDeps: { exclude: ['fast-png'] },
      // Each worker script is its own entry: out/main/<script>.js (src-main/workers/worker-scripts.json).
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src-main/index.ts'),
          ...Object.fromEntries(
            Object.entries(WORKER_SCRIPTS).map(([script, source]) => [script, resolve(__dirname, source)]),
          ),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // The sandbox lets a preload require nothing but electron: bundle every dependency.
      externalizeDeps: false,
      // A sandboxed preload must be one CommonJS file.
      rollupOptions: {
        input: { index: resolve(__dirname, 'src-preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: {
    root: 'src-renderer',
    plugins: [
      react(),
      {
        // Development only (`npm run dev`): React Refresh injects an inline script, Vite injects the
        // stylesheets as <style> elements, and the dev server talks over a websocket. The built app
        // (`npm start`, packages) keeps the strict policy.
        name: 'plandesk-dev-csp',
        apply: 'serve',
        transformIndexHtml: (html: string) =>
          html
            .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
            .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
            .replace("connect-src 'none'", "connect-src 'self' ws://localhost:* ws://127.0.0.1:*"),
      },
    ],
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves the renderer unminified by default; the window parses and compiles the
      // whole bundle before the first screen, so a smaller one is shown sooner.
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src-renderer/index.html') } },
    },
  },
});
