import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** In development Vite serves the app and passes /api and /trpc to the API server (pnpm dev starts both). */
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3001';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/trpc': apiTarget },
  },
  build: { sourcemap: true, chunkSizeWarningLimit: 1500 },
});
