/**
 * music-metadata builds its tag-name tables anew for every file it reads: each parse makes a
 * `CombinedTagMapper`, whose case-insensitive mappers (ID3v2, MP4, APEv2, Matroska) copy their
 * table of a few hundred names with every name upper-cased. That was a quarter of the CPU of
 * reading a small tagged file. The tables never change once built, so this module makes those
 * mappers share one upper-cased copy per table: the same names map to the same fields.
 *
 * The mappers are not part of the package's exports, so they are loaded by their files next to
 * its entry point. When a later version moves or renames them, nothing is changed and the files
 * are read as before (`shareTagTables` resolves to false).
 */
type TagMap = Record<string, unknown>;
type MapperClass = abstract new (...args: never[]) => object;
type CommonClass = new (tagTypes: string[], tagMap: TagMap) => object;

const MAPPERS: readonly [file: string, name: string][] = [
  ['id3v2/ID3v22TagMapper.js', 'ID3v22TagMapper'],
  ['id3v2/ID3v24TagMapper.js', 'ID3v24TagMapper'],
  ['mp4/MP4TagMapper.js', 'MP4TagMapper'],
  ['apev2/APEv2TagMapper.js', 'APEv2TagMapper'],
  ['matroska/MatroskaTagMapper.js', 'MatroskaTagMapper'],
];

/** Marks the class the mappers were given, so that a second copy of this module (tests) sees them shared. */
const SHARED = Symbol.for('lyra.sharedTagTables');

let shared: Promise<boolean> | null = null;

/** Once per thread, before its first read; true when the tables are shared. */
export function shareTagTables(): Promise<boolean> {
  shared ??= patch().catch(() => false);
  return shared;
}

async function patch(): Promise<boolean> {
  const entry = import.meta.resolve('music-metadata');
  const load = async <T>(file: string) => (await import(new URL(file, entry).href)) as T;
  const { CaseInsensitiveTagMap } = await load<{ CaseInsensitiveTagMap: MapperClass }>('./common/CaseInsensitiveTagMap.js');
  const { CommonTagMapper: Common } = await load<{ CommonTagMapper: CommonClass }>('./common/GenericTagMapper.js');
  const mappers: MapperClass[] = [];
  for (const [file, name] of MAPPERS) {
    const mapper = (await load<Record<string, MapperClass>>(`./${file}`))[name];
    if (typeof mapper !== 'function') return false;
    // Shared already, by another copy of this module.
    if ((Object.getPrototypeOf(mapper) as Record<symbol, unknown>)[SHARED] === true) continue;
    // Only a mapper that still builds its table as described above.
    if (Object.getPrototypeOf(mapper) !== CaseInsensitiveTagMap) return false;
    mappers.push(mapper);
  }
  const upper = new WeakMap<TagMap, TagMap>();
  /** CaseInsensitiveTagMap's constructor, with its upper-cased table built once per table. */
  class SharedCaseInsensitiveTagMap extends Common {
    static readonly [SHARED] = true;
    constructor(tagTypes: string[], tagMap: TagMap) {
      let map = upper.get(tagMap);
      if (!map) {
        map = {};
        for (const tag of Object.keys(tagMap)) map[tag.toUpperCase()] = tagMap[tag];
        upper.set(tagMap, map);
      }
      super(tagTypes, map);
    }
  }
  // A class's `super(...)` calls the constructor its prototype is; its instances keep
  // CaseInsensitiveTagMap's methods (their prototype chain does not change).
  for (const mapper of mappers) Object.setPrototypeOf(mapper, SharedCaseInsensitiveTagMap);
  return true;
}
