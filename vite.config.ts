import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The dev server forwards the proxy's routes to `npm start`'s server, so HMR works on one origin.
const serverOrigin = `http://127.0.0.1:${process.env.PORT ?? '8080'}`;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 600 },
  server: {
    port: 5173,
    host: '127.0.0.1',
    proxy: {
      '/api': serverOrigin,
      '/files': serverOrigin,
      '/healthz': serverOrigin,
      '/login': serverOrigin,
      '/logout': serverOrigin,
    },
  },
});
