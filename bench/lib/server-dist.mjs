// The built server's modules, for benchmarks that drive it in process.
const dist = new URL('../../apps/server/dist/', import.meta.url);

/** Imports apps/server/dist/<path>; without a build, says so in one line and exits. */
export async function loadServer(path) {
  try {
    return await import(new URL(path, dist).href);
  } catch (e) {
    console.error(`cannot load apps/server/dist/${path}: run \`npm run build\` first (${e.message})`);
    process.exit(1);
  }
}
