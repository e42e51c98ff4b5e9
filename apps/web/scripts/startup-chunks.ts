import type { Plugin } from 'vite';

type Test = (id: string) => boolean;

/** A chunk made of what `roots` import statically, less what earlier chunks took. */
export interface StartupChunk {
  name: string;
  /** Source paths (ending) of the modules whose static imports make up the chunk. */
  roots: string[];
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
      const reach = (roots: string[], into: (id: string) => boolean) => {
        const stack = roots.map(find);
        while (stack.length) {
          const id = stack.pop()!;
          if (!into(id)) continue;
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
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
