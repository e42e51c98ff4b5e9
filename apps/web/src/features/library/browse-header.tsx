import { LIBRARY_LISTS, type LibraryList } from '@lyra/contracts/app-routes';
import { ChevronLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SelectOption } from '../../shared/lib/select-options.js';
import { SelectOptions } from '../../shared/ui/select-options.js';
import { LIST_LABELS, listPath } from './browse-lists.js';
import { FilterBox, type ListFilter } from './list-filter.js';

const chip = 'shrink-0 rounded-full px-4 py-1.5 text-sm font-medium';

/**
 * The four lists of the whole collection, as chips; the one shown is marked.
 * On Library itself a Radio chip follows: a phone has no sidebar to reach the
 * server's radio stations from.
 */
export function BrowseChips({ current, withRadio = false }: { current?: LibraryList; withRadio?: boolean }) {
  return (
    <nav aria-label="Browse your collection" className="flex gap-2 overflow-x-auto pb-1">
      {LIBRARY_LISTS.map((list) => (
        <Link
          key={list}
          to={listPath(list)}
          aria-current={list === current ? 'page' : undefined}
          className={`${chip} ${list === current ? 'bg-white text-surface' : 'bg-panel text-white hover:bg-raised'}`}
        >
          {LIST_LABELS[list]}
        </Link>
      ))}
      {withRadio ? (
        <Link to="/radio" className={`${chip} bg-panel text-white hover:bg-raised`}>
          Radio
        </Link>
      ) : null}
    </nav>
  );
}

/** A native select: the phone's own picker, the keyboard's arrows on a desktop. */
export function SortSelect<S extends string>({ value, options, onChange }: { value: S; options: readonly SelectOption<S>[]; onChange: (sort: S) => void }) {
  return (
    <label className="flex shrink-0 items-center gap-2 text-sm text-muted">
      {/* Said on wider screens; a phone's row keeps its room for the filter (the name stays for screen readers). */}
      <span className="sr-only sm:not-sr-only">Sort by</span>
      <select
        value={value}
        onChange={(e) => {
          const option = options.find((o) => o.value === e.target.value);
          if (option) onChange(option.value);
        }}
        className="rounded-full border border-line bg-panel py-1.5 pr-8 pl-3 text-sm text-white"
      >
        <SelectOptions options={options} />
      </select>
    </label>
  );
}

/**
 * 12345 → "12,345": digits grouped by three as en-US writes them, without `Intl`. The first
 * `toLocaleString` in a page sets up the browser's number formats, which took 80 to 360 ms of the
 * list's first drawing on a busy machine (a count is shown with the list's first rows).
 */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) return n.toLocaleString('en-US');
  const digits = String(n);
  let out = '';
  for (let i = 0; i < digits.length; i++) out += (i > 0 && (digits.length - i) % 3 === 0 ? ',' : '') + digits[i];
  return out;
}

/** "1,234 albums", "1 song". */
export const countLabel = (n: number, one: string, many: string): string => `${groupDigits(n)} ${n === 1 ? one : many}`;

/**
 * The top of a list: back to Library, the title with what it holds, the
 * chips to the other lists, and the list's own controls (its sort).
 */
export function BrowseHeader({
  title,
  count,
  current,
  back = { to: '/library', label: 'Your Library' },
  children,
}: {
  title: string;
  count?: string | null;
  current?: LibraryList;
  back?: { to: string; label: string };
  children?: ReactNode;
}) {
  return (
    <header className="flex flex-col gap-3 pb-3">
      <Link to={back.to} className="flex w-fit items-center gap-1 pt-2 text-sm text-muted hover:text-white">
        <ChevronLeft className="size-4" aria-hidden />
        {back.label}
      </Link>
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold sm:text-3xl">{title}</h1>
          <p className="h-5 text-sm text-muted" data-testid="browse-count">
            {count ?? ''}
          </p>
        </div>
        {children}
      </div>
      <BrowseChips current={current} />
    </header>
  );
}

/** The top of a list the listener filters and sorts (albums, artists): its filter box, then its sort. */
export function FilteredListHeader<S extends string>({
  list,
  one,
  total,
  filter,
  sort,
  options,
  onSort,
}: {
  list: LibraryList;
  /** What one item is called ("album"); the list's own name is the plural. */
  one: string;
  total: number | undefined;
  filter: ListFilter;
  sort: S;
  options: readonly SelectOption<S>[];
  onSort: (sort: S) => void;
}) {
  return (
    <BrowseHeader title={LIST_LABELS[list]} current={list} count={total == null ? null : countLabel(total, one, list)}>
      <div className="flex w-full items-center gap-2 sm:w-auto">
        <FilterBox label={`Filter ${list}`} text={filter.text} onChange={filter.setText} />
        <SortSelect value={sort} options={options} onChange={onSort} />
      </div>
    </BrowseHeader>
  );
}
