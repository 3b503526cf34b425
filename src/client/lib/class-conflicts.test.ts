import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { twMerge } from 'tailwind-merge';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * `cn` joins classes without tailwind-merge (decision 0043: 8 KB gzip on every page). The price is that
 * two classes setting the same property resolve by the stylesheet's order, not by which came last. This
 * test keeps that from happening: tailwind-merge, here and only here, finds every pair of classes that
 * would fight in the same element: a component's own classes against a call site's `className`, a cva
 * base against its variants, and the arguments of one `cn(...)` call against each other.
 */
const CLIENT = path.resolve(import.meta.dirname, '..');
const UI = path.join(CLIENT, 'components/ui');

type Source = { file: string; ast: ts.SourceFile };

function sources(dir: string): Source[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.tsx') || (name.endsWith('.ts') && !name.endsWith('.test.ts')))
    .map((name) => path.join(dir, name))
    .map((file) => ({ file, ast: ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX) }));
}

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

function tokens(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/** Every class written literally under a node. */
function literalClasses(node: ts.Node): string[] {
  const found: string[] = [];
  walk(node, (child) => {
    if (ts.isStringLiteral(child) || ts.isNoSubstitutionTemplateLiteral(child)) found.push(...tokens(child.text));
  });
  return found;
}

/** Top-level `const x = ...` of a file, by name, for classes kept in a constant or a cva. */
function constants(source: Source): Map<string, ts.Node> {
  const found = new Map<string, ts.Node>();
  for (const statement of source.ast.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.initializer) found.set(declaration.name.text, declaration.initializer);
    }
  }
  return found;
}

/** The classes under a node, with the constants it names (one level) and the cva it calls. */
function classesOf(node: ts.Node, known: Map<string, ts.Node>): string[] {
  const found = literalClasses(node);
  walk(node, (child) => {
    if (ts.isIdentifier(child) && known.has(child.text) && known.get(child.text) !== node)
      found.push(...literalClasses(known.get(child.text)!));
  });
  return found;
}

/** Pairs of classes from two groups that set the same thing: tailwind-merge would drop one of them. */
function fights(first: string[], second: string[]): string[] {
  const pairs: string[] = [];
  for (const a of new Set(first)) {
    for (const b of new Set(second)) {
      if (a !== b && twMerge(`${a} ${b}`) !== `${a} ${b}`) pairs.push(`${a} / ${b}`);
    }
  }
  return pairs;
}

type Cva = { base: string[]; variants: Map<string, Map<string, string[]>>; defaults: Map<string, string> };
type Component = { own: string[]; cva?: Cva };

function isCva(node: ts.Node | undefined): node is ts.CallExpression {
  return !!node && ts.isCallExpression(node) && node.expression.getText() === 'cva';
}

function propertyOf(object: ts.Node | undefined, name: string): ts.Expression | undefined {
  if (!object || !ts.isObjectLiteralExpression(object)) return undefined;
  const found = object.properties.find((property) => property.name?.getText() === name);
  return found && ts.isPropertyAssignment(found) ? found.initializer : undefined;
}

function parseCva(call: ts.CallExpression): Cva {
  const [base, config] = call.arguments;
  const variants = new Map<string, Map<string, string[]>>();
  const variantsNode = propertyOf(config, 'variants');
  if (variantsNode && ts.isObjectLiteralExpression(variantsNode)) {
    for (const variant of variantsNode.properties) {
      if (!ts.isPropertyAssignment(variant) || !ts.isObjectLiteralExpression(variant.initializer)) continue;
      const options = new Map<string, string[]>();
      for (const option of variant.initializer.properties) {
        if (ts.isPropertyAssignment(option)) options.set(option.name.getText().replace(/['"]/g, ''), literalClasses(option.initializer));
      }
      variants.set(variant.name.getText(), options);
    }
  }
  const defaults = new Map<string, string>();
  const defaultsNode = propertyOf(config, 'defaultVariants');
  if (defaultsNode && ts.isObjectLiteralExpression(defaultsNode)) {
    for (const entry of defaultsNode.properties) {
      if (ts.isPropertyAssignment(entry)) defaults.set(entry.name.getText(), entry.initializer.getText().replace(/['"]/g, ''));
    }
  }
  return { base: base ? literalClasses(base) : [], variants, defaults };
}

const uiSources = sources(UI);
const clientSources = sources(CLIENT);
const uiConstants = new Map(uiSources.flatMap((source) => [...constants(source)]));

/**
 * Each ui component's own classes: every literal it may put on its element, and the cva it calls. A
 * cva's variants are counted at each call site from the variant props it passes (all of them when a
 * prop is not a literal), so a `size="lg"` button is checked against lg's classes and no other size's.
 */
const components = new Map<string, Component>();
for (const source of uiSources) {
  const known = constants(source);
  for (const statement of source.ast.statements) {
    if (!ts.isFunctionDeclaration(statement) || !statement.name || !/^[A-Z]/.test(statement.name.text)) continue;
    const own = literalClasses(statement);
    let cva: Cva | undefined;
    walk(statement, (child) => {
      if (!ts.isIdentifier(child) || !known.has(child.text)) return;
      const value = known.get(child.text);
      if (isCva(value)) cva = parseCva(value);
      else if (value) own.push(...literalClasses(value));
    });
    components.set(statement.name.text, { own, ...(cva ? { cva } : {}) });
  }
}

/** The option a JSX element picks for a variant: a literal, the default when absent, or every option. */
function chosenOptions(element: ts.JsxOpeningLikeElement, variant: string, cva: Cva): string[] {
  const options = [...(cva.variants.get(variant)?.keys() ?? [])];
  const attribute = element.attributes.properties.find((property) => ts.isJsxAttribute(property) && property.name.getText() === variant);
  if (!attribute || !ts.isJsxAttribute(attribute)) {
    const fallback = cva.defaults.get(variant);
    return fallback ? [fallback] : [];
  }
  const value = attribute.initializer;
  if (!value) return ['true'];
  if (ts.isStringLiteral(value)) return [value.text];
  if (ts.isJsxExpression(value) && value.expression) {
    if (ts.isStringLiteral(value.expression)) return [value.expression.text];
    if (value.expression.kind === ts.SyntaxKind.TrueKeyword) return ['true'];
    if (value.expression.kind === ts.SyntaxKind.FalseKeyword) return ['false'];
  }
  return options;
}

function classesAt(element: ts.JsxOpeningLikeElement, component: Component): string[] {
  const { own, cva } = component;
  if (!cva) return own;
  const chosen = [...cva.variants].flatMap(([variant, options]) =>
    chosenOptions(element, variant, cva).flatMap((option) => options.get(option) ?? []),
  );
  return [...own, ...cva.base, ...chosen];
}

function where(source: Source, node: ts.Node): string {
  const { line } = source.ast.getLineAndCharacterOfPosition(node.getStart());
  return `${path.relative(CLIENT, source.file)}:${line + 1}`;
}

describe('classes that would fight without tailwind-merge', () => {
  it('finds the ui components and their classes (else the checks below prove nothing)', () => {
    expect(components.get('Button')?.cva?.base).toContain('rounded-lg');
    expect(components.get('Button')?.cva?.variants.get('size')?.get('lg')).toContain('text-base');
    expect(components.get('Badge')?.own).toContain('bg-brand-100');
    expect(fights(['bg-white'], ['bg-amber-50'])).toEqual(['bg-white / bg-amber-50']);
  });

  it('no call site gives a ui component a class that fights its own', () => {
    const problems: string[] = [];
    for (const source of clientSources) {
      const known = constants(source);
      walk(source.ast, (node) => {
        if (!ts.isJsxOpeningElement(node) && !ts.isJsxSelfClosingElement(node)) return;
        const component = components.get(node.tagName.getText());
        if (!component) return;
        const own = classesAt(node, component);
        for (const attribute of node.attributes.properties) {
          if (!ts.isJsxAttribute(attribute) || attribute.name.getText() !== 'className' || !attribute.initializer) continue;
          for (const pair of fights(own, classesOf(attribute.initializer, known)))
            problems.push(`${where(source, node)} <${node.tagName.getText()}> ${pair}`);
        }
      });
    }
    expect(problems).toEqual([]);
  });

  it('no cva variant fights its base', () => {
    const problems: string[] = [];
    for (const source of clientSources) {
      walk(source.ast, (node) => {
        if (!ts.isCallExpression(node) || node.expression.getText() !== 'cva') return;
        const [base, config] = node.arguments;
        if (!base || !config) return;
        for (const pair of fights(literalClasses(base), literalClasses(config))) problems.push(`${where(source, node)} ${pair}`);
      });
    }
    expect(problems).toEqual([]);
  });

  it('no two arguments of one cn(...) call fight', () => {
    const problems: string[] = [];
    for (const source of clientSources) {
      const known = new Map([...uiConstants, ...constants(source)]);
      walk(source.ast, (node) => {
        if (!ts.isCallExpression(node) || node.expression.getText() !== 'cn') return;
        const groups = node.arguments.map((argument) => classesOf(argument, known));
        groups.forEach((group, index) => {
          for (const later of groups.slice(index + 1))
            for (const pair of fights(group, later)) problems.push(`${where(source, node)} ${pair}`);
        });
      });
    }
    expect(problems).toEqual([]);
  });
});
