/**
 * Where an item of a Library list will be while its page loads: a pulsing picture and a
 * line of text, shaped by the list (`className` the item's box, `picture` and `line` their sizes).
 */
export function ItemPlaceholder({ className, picture, line }: { className: string; picture: string; line: string }) {
  return (
    <div aria-hidden className={className}>
      <div className={`animate-pulse bg-raised ${picture}`} />
      <div className={`h-3 rounded bg-raised ${line}`} />
    </div>
  );
}

/** An album tile's place in the grid. */
export const TilePlaceholder = () => <ItemPlaceholder className="min-w-0" picture="aspect-square w-full rounded-lg" line="mt-2 w-3/4" />;
