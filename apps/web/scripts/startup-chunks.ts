import type { Plugin } from 'vite';

type Test = (id: string) => boolean;

/** A chunk made of what `roots` import statically, less what earlier chunks took. */
export interface StartupChunk {
  name: string;
  /** Source paths (ending) of the modules whose static imports make up the chunk. */
  roots: string[];
}

/**
 * Packages whose entry re-exports hundreds of modules by name (lucide-react:
 * a module per icon). Followed whole, a start-up module's `import { Play }`
 * would claim every icon any screen uses; instead it reaches the modules of
 * the names it imports, and the icons only lazy screens use stay with them.
 */
const NAMED_BARRELS = [{ name: 'lucide-react', entry: 'lucide-react/dist/esm/lucide-react.mjs' }];

/** A barrel's `export { default as Name, ... } from './module.mjs'` lines: name → module id. */
export function namedModules(code: string, barrelId: string, ids: ReadonlySet<string>): Map<string, string> {
  const dir = barrelId.slice(0, barrelId.lastIndexOf('/') + 1);
  const out = new Map<string, string>();
  for (const [, list, from] of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["'](\.\/[^"']+)["']/g)) {
    const id = dir + from!.slice(2);
    if (!ids.has(id)) continue;
    for (const spec of list!.split(',')) {
      const name = spec.trim().split(/\s+as\s+/).pop();
      if (name) out.set(name, id);
    }
  }
  return out;
}

/** The names a module's code imports from `pkg` (`import { A, B as C }`); null when it takes the whole namespace. */
export function importedNames(code: string, pkg: string): string[] | null {
  const from = `\\s*from\\s*["']${pkg}["']`;
  if (new RegExp(`import\\s*\\*\\s*as\\s+\\w+${from}`).test(code)) return null;
  return [...code.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}${from}`, 'g'))].flatMap(([, list]) =>
    list!.split(',').flatMap((spec) => spec.trim().split(/\s+as\s+/)[0] || []),
  );
}

/**
 * Groups the modules a first visit runs into a few chunks instead of one per
 * set of importers. Left to itself the bundler splits every module shared by
 * two lazy screens into its own chunk: ~45 files before Home shows, each a
 * request and, on a phone's network, a share of a round trip.
 *
 * `chunks` are claimed in order; a module goes to the first chunk whose roots
 * reach it by static imports, and modules reached from `exclude` (the entry,
 * which runs before the rest) are left where they are. The plugin learns the
 * import graph when the build ends; the returned tests are read after that,
 * when chunks are made.
 */
export function startupChunks(exclude: string[], chunks: StartupChunk[]): { plugin: Plugin; tests: Record<string, Test> } {
  const owner = new Map<string, string>();
  const tests: Record<string, Test> = {};
  for (const c of chunks) tests[c.name] = (id) => owner.get(id) === c.name;
  const plugin: Plugin = {
    name: 'lyra-startup-chunks',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const find = (source: string) => {
        const id = ids.find((m) => m.endsWith(source));
        if (!id) this.error(`startup-chunks: no module ${source}`);
        return id;
      };
      const barrels = new Map<string, { name: string; modules: Map<string, string> }>();
      for (const b of NAMED_BARRELS) {
        const id = ids.find((m) => m.endsWith(`/node_modules/${b.entry}`));
        if (id) barrels.set(id, { name: b.name, modules: namedModules(this.getModuleInfo(id)?.code ?? '', id, new Set(ids)) });
      }
      /** What `id` imports; from a barrel, only the modules of the names it imports. */
      const importsOf = (id: string): string[] => {
        const info = this.getModuleInfo(id);
        return (info?.importedIds ?? []).flatMap((dep) => {
          const barrel = barrels.get(dep);
          if (!barrel) return [dep];
          const names = importedNames(info?.code ?? '', barrel.name);
          return names ? names.flatMap((n) => barrel.modules.get(n) ?? []) : [dep];
        });
      };
      const reach = (roots: string[], into: (id: string) => boolean) => {
        const stack = roots.map(find);
        while (stack.length) {
          const id = stack.pop()!;
          if (!into(id)) continue;
          stack.push(...importsOf(id));
        }
      };
      const taken = new Set<string>();
      reach(exclude, (id) => !taken.has(id) && !!taken.add(id));
      for (const c of chunks) {
        reach(c.roots, (id) => {
          if (taken.has(id)) return false;
          taken.add(id);
          owner.set(id, c.name);
          return true;
        });
      }
    },
  };
  return { plugin, tests };
}
