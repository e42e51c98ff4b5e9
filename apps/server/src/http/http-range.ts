/**
 * Byte ranges (RFC 9110 §14). One range is served as 206; a request for
 * several ranges is answered with the whole representation (200), which
 * §14.2 allows ("a server MAY ignore the Range header field").
 */
export type RangeResult =
  /** No Range, another unit, or several ranges: send everything (200). */
  | { kind: 'full' }
  /** One satisfiable range, inclusive offsets already clamped to the size (206). */
  | { kind: 'partial'; start: number; end: number }
  /** A bytes range we cannot or will not serve (416 with `Content-Range: bytes *\/size`). */
  | { kind: 'unsatisfiable' };

const SPEC = /^(\d*)-(\d*)$/;

export function parseRange(header: string | undefined, size: number): RangeResult {
  if (header === undefined) return { kind: 'full' };
  const eq = header.indexOf('=');
  // §14.1: the unit is case-insensitive; other units are ignored (§14.2).
  if (eq < 0 || header.slice(0, eq).trim().toLowerCase() !== 'bytes') return { kind: 'full' };
  const specs = header
    .slice(eq + 1)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (specs.length === 0) return { kind: 'unsatisfiable' };
  const ranges: { start: number; end: number }[] = [];
  for (const spec of specs) {
    const m = SPEC.exec(spec);
    // §14.2: a server MAY reject an invalid ranges-specifier; we do, so the client learns.
    if (!m) return { kind: 'unsatisfiable' };
    const [, a = '', b = ''] = m;
    if (a === '' && b === '') return { kind: 'unsatisfiable' };
    if (a === '') {
      // suffix-range "-n": the last n bytes (§14.1.2); n = 0 cannot be satisfied.
      const n = Number(b);
      if (n === 0 || size === 0) continue;
      ranges.push({ start: Math.max(0, size - n), end: size - 1 });
      continue;
    }
    const start = Number(a);
    const last = b === '' ? size - 1 : Number(b);
    if (last < start) return { kind: 'unsatisfiable' };
    // §14.1.2: a first-pos at or past the end is unsatisfiable; a last-pos past it is clamped.
    if (start >= size) continue;
    ranges.push({ start, end: Math.min(last, size - 1) });
  }
  if (ranges.length === 0) return { kind: 'unsatisfiable' };
  if (ranges.length > 1) return { kind: 'full' };
  return { kind: 'partial', ...ranges[0]! };
}
