import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { landingPageChunks, pagePreloads } from './scripts/vite-landing-pages.js';
import { lucideIconImports } from './scripts/vite-lucide-imports.js';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Writes `.br` and `.gz` beside every text file of the build; the server sends them when the browser
 * accepts them (@fastify/static `preCompressed`). Without it every page shipped its JavaScript
 * uncompressed, three times the bytes, which cost most of the Lighthouse performance score on slow 4G.
 * Compressing once here at maximum level costs nothing per request. `.mjs` is pdf.js's worker (1.3 MB raw).
 */
function precompress(): Plugin {
  return {
    name: 'aipos-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const files = Object.keys(bundle).filter((name) => /\.(?:m?js|css|html|svg|json)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name);
          const data = await readFile(file);
          await writeFile(`${file}.gz`, await gzipAsync(data, { level: 9 }));
          await writeFile(`${file}.br`, await brotliAsync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        }),
      );
    },
  };
}

/**
 * React Router's package exports name only its development build (remix-run/react-router#14102, open),
 * which keeps its dev warnings and checks: on /register its code took 30 ms of the first render. Builds
 * take the production files shipped beside it; `npm run dev` keeps the warnings.
 */
function reactRouterProductionBuild(): { find: RegExp; replacement: string } {
  const development = fileURLToPath(import.meta.resolve('react-router'));
  return {
    find: /^react-router$/,
    replacement: development.replace(`${path.sep}development${path.sep}`, `${path.sep}production${path.sep}`),
  };
}

export default defineConfig(({ command }) => ({
  root: 'src/client',
  resolve: { alias: command === 'build' ? [reactRouterProductionBuild()] : [] },
  publicDir: 'public',
  plugins: [lucideIconImports(), react(), tailwindcss(), pagePreloads(path.resolve('src/client')), precompress()],
  build: {
    // BUILD_DIR lets parallel checkouts build side by side; it must be a folder at the package root.
    outDir: `../../${process.env.BUILD_DIR ?? 'dist'}/client`,
    emptyOutDir: true,
    sourcemap: true,
    // Every browser the portal supports preloads modules natively; the polyfill was bytes on every page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Lucide's shared icon code (not the icons: each goes with the pages that use it, see
            // lucide-icon-imports), React's JSX runtime and the class-name helpers: every chunk uses them,
            // and rolldown otherwise split them off the entry into more chunks of every first load.
            {
              name: 'icons',
              test: /(lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])|react[\\/](cjs[\\/]react-jsx-runtime|jsx-runtime)|[\\/]clsx[\\/]|class-variance-authority|src[\\/]client[\\/]lib[\\/]cn\.ts$)/,
            },
            // The document slots (about 1 KB) on their own: the fix page (decision 0018) needs them at first
            // paint, and inside /register's chunk they brought it the whole 22 KB of the wizard.
            // TanStack Query and the app's client in one chunk: no landing page paints with it (the status page
            // loads it with its first search), and left to the bundler it came in eight small chunks.
            { name: 'query', test: /(@tanstack[\\/]|src[\\/]client[\\/]lib[\\/](with-queries|query-client)\.tsx?$)/ },
            // Not with its import of the messages, which the entry holds: on /, /shop and /status the slots
            // came along with them (0.7 KB gzip).
            { name: 'document-slots', test: /src[\\/]domain[\\/]document-slots\.ts$/, includeDependenciesRecursively: false },
            // The maintenance check (decision 0022) of the wizard and the fix page, for the same reason: inside
            // /register's chunk it brought the fix page that whole chunk (22 KB gzip).
            { name: 'public-settings', test: /src[\\/]client[\\/]lib[\\/]use-public-settings\.ts$/, includeDependenciesRecursively: false },
            // react-hook-form (13.4 KB gzip) by name, never in a landing page's chunk: the wizard paints step 1
            // without it and loads it with the first focus (decision 0047); the other forms load it with their screens.
            { name: 'react-hook-form', test: /node_modules[\\/]react-hook-form[\\/]/, includeDependenciesRecursively: false },
            landingPageChunks(path.resolve('src/client'), 'main.tsx'),
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // `npm run dev` runs the API on 3000; the browser talks to one origin either way.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
