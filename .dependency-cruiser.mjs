// The import rules `npm run lint` enforces (decision 0016): src/domain is the ground floor, the client and the
// server stand on it and never on each other, and no module reaches itself again through its imports.
/** The client never imports the server, nor the server the client: they share code through src/domain. */
const sideNotToSide = (from, to) => ({
  name: `${from}-not-to-${to}`,
  comment: `The ${from} never imports the ${to}: share code through src/domain.`,
  severity: 'error',
  from: { path: `^src/${from}/` },
  to: { path: `^src/${to}/` },
});

/**
 * The server's floors: folders every feature may stand on (database, HTTP plumbing, keys, files, limits,
 * helpers, the upload pipeline, the event bus, mail, seed data). Every other folder of src/server is a
 * feature, as is every folder of src/client/features (docs/architecture.md, decision 0042).
 */
const SERVER_FLOORS = ['db', 'http', 'crypto', 'storage', 'limits', 'shared', 'uploads', 'events', 'mail', 'seed'];

/**
 * A feature's files are its own: others import only its `public.ts`, the one module that says what it
 * shares. Tests are exempt (a test may arrange state through any module); so is the composition root,
 * src/server/*.ts and src/client/app/, which mounts every feature's routes and lazy-loads every page.
 */
const throughPublicModule = (side, from, features, own) => ({
  name: `${side}-feature-through-public-module`,
  comment: `Import another feature only through its public.ts (decision 0042); move a piece two features share to a floor.`,
  severity: 'error',
  from: { path: from, pathNot: '\\.test\\.tsx?$' },
  to: { path: features, pathNot: [own, '/public\\.ts$'] },
});

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle: split the shared part into a module both sides import (docs/architecture.md).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    sideNotToSide('client', 'server'),
    sideNotToSide('server', 'client'),
    {
      name: 'domain-stands-alone',
      comment: 'src/domain is shared by both sides and imports neither.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: '^src/(client|server)/' },
    },
    // $1 is the importer's own folder: a feature imports its own files freely.
    throughPublicModule('server', '^src/server/([^/]+)/', `^src/server/(?!(?:${SERVER_FLOORS.join('|')})/)[^/]+/`, '^src/server/$1/'),
    throughPublicModule('client', '^src/client/(?!app/)(?:features/)?([^/]+)/', '^src/client/features/[^/]+/', '^src/client/features/$1/'),
    {
      name: 'product-not-to-tests',
      comment: 'The product never imports test support.',
      severity: 'error',
      from: { path: '^src/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^tests/' },
    },
  ],
  options: {
    // Type-only imports count: a cycle of types is still a knot a reader has to untie.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.build-[^/]*)/' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
