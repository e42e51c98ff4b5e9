import { Search, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** Typing settles this long before the list is asked again. */
export const FILTER_SETTLE_MS = 250;

export interface ListFilter {
  text: string;
  setText: (text: string) => void;
  applied: string;
}

/**
 * The quick filter of a list (`?q=` in the address, so a filtered list can be
 * shared): what is typed, and the filter applied once typing settles.
 */
export function useListFilter(): ListFilter {
  const [params, setParams] = useSearchParams();
  const applied = params.get('q')?.trim() ?? '';
  const [text, setText] = useState(applied);
  useEffect(() => {
    if (text.trim() === applied) return;
    const timer = setTimeout(
      () =>
        setParams(
          (p) => {
            const out = new URLSearchParams(p);
            if (text.trim()) out.set('q', text.trim());
            else out.delete('q');
            return out;
          },
          { replace: true },
        ),
      FILTER_SETTLE_MS,
    );
    return () => clearTimeout(timer);
  }, [text, applied, setParams]);
  return { text, setText, applied };
}

export function FilterBox({ label, text, onChange }: { label: string; text: string; onChange: (text: string) => void }) {
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2 rounded-full bg-panel px-3 sm:w-64 sm:flex-none">
      <Search className="size-4 shrink-0 text-muted" aria-hidden />
      <input
        type="search"
        value={text}
        onChange={(e) => onChange(e.target.value)}
        placeholder={label}
        aria-label={label}
        maxLength={100}
        className="min-w-0 flex-1 bg-transparent py-1.5 text-sm outline-none placeholder:text-muted [&::-webkit-search-cancel-button]:hidden"
      />
      {text !== '' && (
        <button type="button" onClick={() => onChange('')} aria-label="Clear filter" className="grid size-7 place-items-center rounded-full text-muted hover:text-white">
          <X className="size-4" aria-hidden />
        </button>
      )}
    </div>
  );
}
