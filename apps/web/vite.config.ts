import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      // Only /api/... is the server's JSON API; /api itself is a page of this SPA.
      '^/api/.*': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
