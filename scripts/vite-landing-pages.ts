import path from 'node:path';
import type { ChunkingContext, CodeSplittingGroup, OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * The public pages a visitor lands on, with the modules their route loads (src/client/app/router.tsx).
 * A rename there fails the build here rather than dropping the preload quietly.
 */
const LANDING_PAGES: Record<string, string[]> = {
  '/': ['features/home/home-page.tsx'],
  '/shop': ['features/shop/shop-page.tsx'],
  '/register': ['features/registration/register-page.tsx'],
  '/status': ['features/status/status-page.tsx'],
};

const LUCIDE_ICON = /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

/**
 * The landing pages with a form: what only they share (inputs, labels, the vocabularies, the session's
 * registration) is a chunk of its own, not in page-shared, which / and /shop load (1.3 KB gzip there).
 */
const FORM_PAGES = new Set(['register', 'status']);

function sharedChunk(routes: string[]): string {
  return routes.every((route) => FORM_PAGES.has(route)) ? 'page-forms' : 'page-shared';
}

/**
 * Public screens a visitor reaches from a landing page or an e-mail, not landed on from a search: they get
 * no HTML of their own, but they share small pieces (icons) with the landing pages (see below).
 */
const OTHER_PUBLIC_SCREENS = [
  'features/shop/checkout-page.tsx',
  'features/shop/order-page.tsx',
  'features/perbaikan/perbaikan-page.tsx',
  'features/registration/registration-success-page.tsx',
];

/**
 * API answers a landing page cannot paint its content without: fetched from the HTML, beside the
 * scripts, instead of after them (on Lighthouse's slow 4G /shop's cards waited for the whole JavaScript
 * first and then for the products answer).
 */
const LANDING_FETCHES: Record<string, string[]> = {
  '/shop': ['/api/products'],
};

/** `/` -> `pages/index.html`, `/register` -> `pages/register.html`: the server's SPA fallback looks there first. */
function pageHtmlName(route: string): string {
  return `pages/${route === '/' ? 'index' : route.slice(1)}.html`;
}

function staticClosure(bundle: OutputBundle, start: OutputChunk): string[] {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
  };
  visit(start.fileName);
  return [...seen];
}

/**
 * Writes a copy of index.html per landing page that also preloads the page's chunks. With index.html
 * alone the browser learns of them only once the entry has run, one slow-network round trip later (on
 * Lighthouse's slow 4G, /register's largest paint came 0.3-0.4 s later).
 */
export function pagePreloads(clientRoot: string): Plugin {
  return {
    name: 'aipos-page-preloads',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string') throw new Error('page preloads: index.html is not in the bundle');
      const html = index.source;
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('page preloads: no entry chunk');
      const inIndex = new Set(staticClosure(bundle, entry));
      for (const [route, modules] of Object.entries(LANDING_PAGES)) {
        const files = new Set<string>();
        for (const module of modules) {
          const id = path.join(clientRoot, module);
          const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
          if (!chunk) throw new Error(`page preloads: no chunk for ${module} (${route})`);
          for (const file of staticClosure(bundle, chunk)) if (!inIndex.has(file)) files.add(file);
        }
        // A page's own CSS as well: Vite's loader holds the page's import back until its CSS has loaded
        // (on /status, the print sheet came one round trip after the scripts), unless a link is there.
        const styles = [...files].flatMap((file) => {
          const chunk = bundle[file];
          return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
        });
        const links = [
          // `crossorigin` (anonymous) gives the preload the mode and credentials of the page's own fetch.
          ...(LANDING_FETCHES[route] ?? []).map((url) => `    <link rel="preload" as="fetch" crossorigin href="${url}">\n`),
          ...[...files].map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`),
          ...styles.map((file) => `    <link rel="stylesheet" crossorigin href="/${file}">\n`),
        ].join('');
        this.emitFile({ type: 'asset', fileName: pageHtmlName(route), source: html.replace(/\n\s*<\/head>/, `\n${links}  </head>`) });
      }
    },
  };
}

function staticModules(ctx: ChunkingContext, starts: string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...starts];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * For each landing page one chunk of the code only it uses, and one chunk of the code two or more of
 * them share, instead of the bundler's one chunk per set of screens (admin included): /status loaded 21
 * small chunks and /register 17, and on HTTP/1.1's six connections each wave costs a slow-network round
 * trip. A module the entry already loads stays there; the pages' own modules stay their own chunks;
 * admin screens that use a module load its chunk. A shared module's dependencies are shared too (or in
 * the entry), so the shared chunk never imports a page's chunk and the chunks form no cycle.
 */
export function landingPageChunks(clientRoot: string, entry: string): CodeSplittingGroup {
  let owners: Map<string, string> | undefined;
  const pageModules = new Set(
    Object.values(LANDING_PAGES)
      .flat()
      .map((module) => path.join(clientRoot, module)),
  );
  const label = (route: string) => (route === '/' ? 'home' : route.slice(1));
  const ownersOf = (ctx: ChunkingContext) => {
    const inEntry = staticModules(ctx, [path.join(clientRoot, entry)]);
    const pages = new Map<string, string[]>();
    for (const [route, modules] of Object.entries(LANDING_PAGES)) {
      for (const id of staticModules(
        ctx,
        modules.map((module) => path.join(clientRoot, module)),
      )) {
        if (!inEntry.has(id) && !pageModules.has(id)) pages.set(id, [...(pages.get(id) ?? []), label(route)]);
      }
    }
    const others = staticModules(
      ctx,
      OTHER_PUBLIC_SCREENS.map((module) => path.join(clientRoot, module)),
    );
    // An icon that one landing page and another public screen use: inside the landing page's chunk it made
    // the other screen download that whole chunk (the fix page took /status's 16 KB for one icon); in a
    // shared chunk (page-forms for a form page's icon) it costs the landing pages loading it about 0.2 KB.
    const shared = (id: string, routes: string[]) => routes.length > 1 || (others.has(id) && LUCIDE_ICON.test(id));
    return new Map([...pages].map(([id, routes]) => [id, shared(id, routes) ? sharedChunk(routes) : `page-${routes[0]}`]));
  };
  return {
    name: (id, ctx) => (owners ??= ownersOf(ctx)).get(id) ?? null,
    // Each module goes where its own pages put it, not with the module that imported it.
    includeDependenciesRecursively: false,
  };
}
