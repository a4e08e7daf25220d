/**
 * The playground is a static site: `vite build` writes dist/ (relative asset paths, so the files
 * open from any folder or static host). Workspace packages are compiled from their TypeScript
 * sources through the `@dpbounds/source` export condition; nothing is fetched at run time.
 */
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  base: './',
  resolve: { conditions: ['@dpbounds/source', ...defaultClientConditions] },
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 1500 },
});
