import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { MIGRATIONS_DIR } from '../db/migrate.js';

/**
 * What crosses a module's seam (catalogue, backend, subsonic, video, web under apps/server/src): its SQL naming
 * a table another module's migrations create, its calls to another module over `http://internal` (with the
 * `x-lyra-asked-by` header that tells the catalogue who asks), and requests it builds for another module's
 * addresses (`new URL('/api/home/rows', origin)` handed to an in-process fetch). Modules meet through typed
 * functions handed over in app.ts instead; seams.test.ts lists what still crosses.
 */
export const MODULES = ['catalogue', 'backend', 'subsonic', 'video', 'web'] as const;
export type ModuleFolder = (typeof MODULES)[number];

const SRC = new URL('../', import.meta.url).pathname;

/** Each table (and view) the migrations create, with the module whose migrations folder creates it. */
export function tableOwners(dir = MIGRATIONS_DIR): Map<string, ModuleFolder> {
  const owners = new Map<string, ModuleFolder>();
  const walk = (folder: string, module: ModuleFolder) => {
    for (const entry of readdirSync(folder)) {
      const path = join(folder, entry);
      if (statSync(path).isDirectory()) walk(path, module);
      else if (entry.endsWith('.sql')) {
        const sql = readFileSync(path, 'utf8').replace(/--.*$/gm, '');
        for (const m of sql.matchAll(/\bcreate\s+(?:unlogged\s+)?(?:table|(?:materialized\s+)?view)\s+(?:if\s+not\s+exists\s+)?"?([a-z_][a-z0-9_]*)"?/gi)) {
          owners.set(m[1]!.toLowerCase(), module);
        }
      }
    }
  };
  for (const module of MODULES) {
    try {
      walk(join(dir, module), module);
    } catch {
      // A module without migrations owns no table.
    }
  }
  return owners;
}

/** One crossing: `file` (relative to apps/server/src) names `what`, another module's table or `http://internal`. */
export interface Crossing {
  file: string;
  what: string;
}

/** The address prefixes each module answers (its routes). */
const ROUTE_OWNERS: readonly [string, ModuleFolder][] = [
  ['/api/', 'catalogue'],
  ['/media/', 'catalogue'],
  ['/images/', 'catalogue'],
  ['/v1/', 'backend'],
  ['/rest/', 'subsonic'],
  ['/videos/', 'video'],
];

/** Calls and constructors whose first argument is an address a request goes to. */
const REQUESTS = new Set(['URL', 'Request', 'fetch', 'request']);

const SQL_NAME = /\b(?:from|join|into|update|table|references)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;

/** Calls whose string arguments are paths, not table names. */
const PATH_CALLS = new Set(['join', 'resolve', 'relative']);

/**
 * The text of every string and template literal of a TypeScript source (SQL lives there), and the strings
 * that stand alone as a name, which dynamic SQL (`from ${table}`) may take as a table: arguments of a call
 * (not a path's), literal types, comparisons and array items.
 */
function literals(source: string, fileName: string): { texts: string[]; names: string[]; addresses: string[] } {
  const found: string[] = [];
  const names: string[] = [];
  const addresses: string[] = [];
  // The address a request is built for: `new URL('/api/...', origin)`, `new Request(...)`, `fetch(...)`, `x.request(...)`.
  const addressOf = (node: ts.Node) => {
    if (!ts.isNewExpression(node) && !ts.isCallExpression(node)) return;
    const callee = node.expression;
    const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
    const first = node.arguments?.[0];
    if (!REQUESTS.has(name) || !first) return;
    if (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)) addresses.push(first.text);
    else if (ts.isTemplateExpression(first)) addresses.push(first.head.text);
  };
  const standsAlone = (node: ts.StringLiteral) => {
    const parent = node.parent;
    if (ts.isCallExpression(parent)) {
      const callee = parent.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
      return parent.arguments.includes(node) && !PATH_CALLS.has(name);
    }
    return ts.isLiteralTypeNode(parent) || ts.isBinaryExpression(parent) || ts.isArrayLiteralExpression(parent);
  };
  const visit = (node: ts.Node) => {
    addressOf(node);
    if (ts.isStringLiteral(node) && standsAlone(node)) names.push(node.text);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push(node.text);
    else if (ts.isTemplateExpression(node)) {
      // The parts around each ${...}, kept apart by a mark no name matches: `from ${x} join tracks` still reads as SQL.
      found.push([node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ${} '));
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS));
  return { texts: found, names, addresses };
}

/** What a module's source file (not a test, nor a test helper) reaches across its seam. */
export function crossingsOf(file: string, source: string, owners: Map<string, ModuleFolder>): Crossing[] {
  const module = file.split('/')[0] as ModuleFolder;
  const what = new Set<string>();
  const { texts, names, addresses } = literals(source, file);
  for (const address of addresses) {
    const route = ROUTE_OWNERS.find(([prefix]) => address.startsWith(prefix));
    if (route && route[1] !== module) what.add(`request to ${route[0]}`);
  }
  for (const name of names) {
    const owner = owners.get(name);
    if (owner && owner !== module) what.add(`${name} (as a value)`);
  }
  for (const text of texts) {
    if (text.includes('http://internal')) what.add('http://internal');
    if (text.toLowerCase().includes('x-lyra-asked-by')) what.add('x-lyra-asked-by');
    for (const m of text.matchAll(SQL_NAME)) {
      const name = m[1]!.toLowerCase();
      const owner = owners.get(name);
      if (owner && owner !== module) what.add(name);
    }
  }
  return [...what].sort().map((w) => ({ file, what: w }));
}

/** Every crossing in the modules' sources today, sorted by file. */
export function findCrossings(src = SRC): Crossing[] {
  const owners = tableOwners();
  const crossings: Crossing[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder).sort()) {
      const path = join(folder, entry);
      if (statSync(path).isDirectory()) {
        if (entry !== 'test') walk(path);
      } else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) && !entry.endsWith('.d.ts')) {
        crossings.push(...crossingsOf(relative(src, path).split('\\').join('/'), readFileSync(path, 'utf8'), owners));
      }
    }
  };
  for (const module of MODULES) walk(join(src, module));
  return crossings;
}
