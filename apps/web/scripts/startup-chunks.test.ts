import { describe, expect, it } from 'vitest';
import { importedNames, namedModules } from './startup-chunks.js';

describe('start-up chunks: what a module takes from an icon set', () => {
  const barrel = '/app/node_modules/lucide-react/dist/esm/lucide-react.mjs';
  const icons = '/app/node_modules/lucide-react/dist/esm/icons/';
  const code = `import * as index from './icons/index.mjs';
export { index as icons };
export { default as Play, default as PlayIcon, default as LucidePlay } from './icons/play.mjs';
export { default as Loader2, default as LoaderCircle } from './icons/loader-circle.mjs';
export { default as Gone } from './icons/gone.mjs';
export { LucideProvider, useLucideContext } from './context.mjs';`;
  const ids = new Set([barrel, `${icons}play.mjs`, `${icons}loader-circle.mjs`, '/app/node_modules/lucide-react/dist/esm/context.mjs']);

  it('maps every exported name, aliases included, to its module; names of modules not built are left out', () => {
    const modules = namedModules(code, barrel, ids);
    expect(modules.get('Play')).toBe(`${icons}play.mjs`);
    expect(modules.get('LucidePlay')).toBe(`${icons}play.mjs`);
    expect(modules.get('Loader2')).toBe(`${icons}loader-circle.mjs`);
    expect(modules.get('useLucideContext')).toBe('/app/node_modules/lucide-react/dist/esm/context.mjs');
    expect(modules.has('Gone')).toBe(false);
  });

  it('reads the names a module imports, renamed or not, from every import of the package', () => {
    const module = `import { Play, Pause as Stop } from "lucide-react";
import { Link } from "react-router";
import {
  Heart,
} from 'lucide-react';`;
    expect(importedNames(module, 'lucide-react')).toEqual(['Play', 'Pause', 'Heart']);
    expect(importedNames('import { Link } from "react-router";', 'lucide-react')).toEqual([]);
    // A namespace import takes the whole package.
    expect(importedNames('import * as Icons from "lucide-react";', 'lucide-react')).toBeNull();
  });
});
