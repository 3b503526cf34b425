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
