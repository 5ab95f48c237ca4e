import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The PWA plugin (injectManifest) and the API proxy arrive with the offline and server issues.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/client', sourcemap: true },
});
