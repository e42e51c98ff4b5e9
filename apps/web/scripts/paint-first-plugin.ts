import type { IndexHtmlTransformContext, Plugin } from 'vite';

type OutputBundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type OutputChunk = Extract<OutputBundle[string], { type: 'chunk' }>;

/**
 * Chunks worth fetching with the entry, by landing address: `*` on every
 * address (the entry imports them at once, one step later), `/` on Home only,
 * other keys on addresses that start with them (a shared player link). Without
 * them each dynamic import waits for the module before it: a chain of round
 * trips before the first row of songs can show.
 */
const ROUTE_CHUNKS: Record<string, string[]> = {
  '*': ['src/boot.tsx', 'react-dom/client.js'],
  '/': ['src/features/home/home-below-fold.tsx'],
  '/player/': ['src/app/routes/player-route.tsx'],
};

/** A chunk's file and its static imports, transitively. */
function withImports(bundle: OutputBundle, chunk: OutputChunk, seen = new Set<string>()): Set<string> {
  if (seen.has(chunk.fileName)) return seen;
  seen.add(chunk.fileName);
  for (const dep of chunk.imports) {
    const c = bundle[dep];
    if (c && c.type === 'chunk') withImports(bundle, c, seen);
  }
  return seen;
}

/**
 * Lets the static shell in index.html paint before any script is fetched: the
 * entry module and its preloads are requested right after the first frame
 * (at once when the page is not visible, as hidden pages run no frames)
 * instead of by the HTML parser; when the server put a first screen in the
 * page, after its first covers have loaded (index.html's `lyraFirstScreen`),
 * so nothing competes with them. The app starts one frame later, and the
 * listener sees the page at the first paint instead of after the scripts.
 * Landing on a lazily loaded screen (a shared /player link) preloads that
 * screen's chunk with the entry instead of after it.
 */
export function paintFirst(): Plugin {
  return {
    name: 'lyra-paint-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        if (!entry) return html;
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        let out = html.replace(entry[0], '');
        for (const p of preloads) out = out.replace(p[0], '');
        const routes: Record<string, string[]> = {};
        const chunks = Object.values(ctx.bundle ?? {}).filter((c): c is OutputChunk => c.type === 'chunk');
        for (const [prefix, sources] of Object.entries(ROUTE_CHUNKS)) {
          const files = new Set<string>();
          for (const source of sources) {
            const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(source)));
            if (!chunk) throw new Error(`paint-first: no chunk for ${source}`);
            withImports(ctx.bundle!, chunk, files);
          }
          routes[prefix] = [...files].map((f) => `/${f}`).filter((f) => !preloads.some((p) => p[1] === f));
        }
        const loader =
          `<script>(function(){var done=false;function go(){if(done)return;done=true;` +
          `var list=${JSON.stringify(preloads.map((p) => p[1]))};var routes=${JSON.stringify(routes)};` +
          `var p=location.pathname;for(var k in routes)if(k==='*'||(k==='/'?p==='/':p.indexOf(k)===0))list=list.concat(routes[k]);` +
          `list.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l);});` +
          `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry[1])};document.head.appendChild(s);}` +
          `if(document.visibilityState!=='visible')go();` +
          // index.html's window.lyraFirstScreen: the first screen's covers are in.
          `else Promise.resolve(window.lyraFirstScreen).then(function(){requestAnimationFrame(function(){setTimeout(go,0);});});` +
          `document.addEventListener('visibilitychange',go,{once:true});})();</script>`;
        return out.replace('</body>', `${loader}\n  </body>`);
      },
    },
  };
}
