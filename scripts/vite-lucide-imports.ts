import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Icon export name -> the icon's own module, read from lucide-react's index (aliases included). */
function iconModules(): Map<string, string> {
  const index = createRequire(import.meta.url)
    .resolve('lucide-react')
    .replace(/cjs[\\/]lucide-react\.js$/, 'esm/lucide-react.mjs');
  const source = readFileSync(index, 'utf8');
  const modules = new Map<string, string>();
  for (const match of source.matchAll(/export \{([^}]*)\} from '\.\/icons\/([a-z0-9-]+)\.mjs'/g)) {
    for (const name of match[1]!.matchAll(/default as (\w+)/g)) modules.set(name[1]!, match[2]!);
  }
  if (modules.size < 1000) throw new Error(`lucide imports: read only ${modules.size} icons from ${path.basename(index)}`);
  return modules;
}

/** `Menu`, `Menu as MenuIcon`, `type LucideIcon` -> the deep import of one icon, or null for a type. */
function deepImport(specifier: string, modules: Map<string, string>, file: string): string | null {
  const spec = specifier.trim();
  if (spec === '' || spec.startsWith('type ')) return null;
  const [name, local = name] = spec.split(/\s+as\s+/);
  const module = modules.get(name!);
  if (!module) throw new Error(`lucide imports: ${file} imports ${name}, which is not an icon of lucide-react`);
  return `import ${local} from 'lucide-react/icons/${module}';`;
}

/**
 * Rewrites `import { Menu, X } from 'lucide-react'` into one import per icon module. Through the package's
 * index every page's import graph reached all the icons, so the page chunks could not tell which page
 * uses which icon and every public page downloaded the app's whole set. Per-icon imports let each icon
 * land in the chunk of the pages that use it (landingPageChunks). Types stay on the index import.
 */
export function lucideIconImports(): Plugin {
  let modules: Map<string, string> | undefined;
  return {
    name: 'aipos-lucide-icon-imports',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]src[\\/]client[\\/].*\.tsx?$/.test(id) || !code.includes("'lucide-react'")) return null;
      modules ??= iconModules();
      const known = modules;
      const rewritten = code.replace(/import \{([^}]*)\} from 'lucide-react';/g, (all: string, list: string) => {
        const specifiers = list.split(',');
        const imports = specifiers.map((spec) => deepImport(spec, known, id)).filter((line) => line !== null);
        const types = specifiers.map((spec) => spec.trim()).filter((spec) => spec.startsWith('type '));
        if (types.length > 0) imports.push(`import { ${types.join(', ')} } from 'lucide-react';`);
        // One line, then the newlines the import spanned: the lines below keep their numbers for the source map.
        return imports.join(' ') + '\n'.repeat(all.split('\n').length - 1);
      });
      return { code: rewritten, map: null };
    },
  };
}
