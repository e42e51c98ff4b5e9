import react from '@vitejs/plugin-react';
import { defaultServerConditions, defineConfig } from 'vite';

// The first screen's HTML renderer (src/app/first-screen-html.tsx), built for the
// server into dist/ssr after the app: one self-contained file (React included), so the
// built web app stays one folder the server can be pointed at.
export default defineConfig({
  plugins: [react()],
  ssr: {
    noExternal: true,
    target: 'node',
    resolve: { conditions: ['source', ...defaultServerConditions], externalConditions: ['source'] },
  },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: 'src/app/first-screen-html.tsx',
    outDir: 'dist/ssr',
    emptyOutDir: false,
    copyPublicDir: false,
    target: 'node20',
    minify: true,
    rolldownOptions: { output: { codeSplitting: false, entryFileNames: 'first-screen.js' } },
  },
});
