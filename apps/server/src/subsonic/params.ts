import { z } from 'zod';
import { invalid, missing } from './errors.js';

/**
 * A request's parameters: the query string, plus the form body of a POST
 * (`formPost` extension). NUL cannot reach PostgreSQL text: it becomes U+FFFD.
 */
export class Params {
  constructor(private readonly all: URLSearchParams) {}

  static async of(req: Request): Promise<Params> {
    const params = new URLSearchParams(new URL(req.url).search);
    const type = req.headers.get('content-type') ?? '';
    if (req.method === 'POST' && type.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
      const body = await req.text().catch(() => '');
      for (const [k, v] of new URLSearchParams(body)) params.append(k, v);
    }
    return new Params(params);
  }

  /** The first value; empty counts as given (callers decide). */
  get(name: string): string | null {
    const v = this.all.get(name);
    return v == null ? null : v.replace(/\u0000/g, '\uFFFD');
  }

  /** Every value of a repeated parameter (`id=1&id=2`), empty ones dropped. */
  list(name: string): string[] {
    return this.all
      .getAll(name)
      .filter((v) => v !== '')
      .map((v) => v.replace(/\u0000/g, '\uFFFD'));
  }

  /** `true`/`false` (any case); `fallback` when absent or empty. */
  bool(name: string, fallback: boolean): boolean {
    const raw = this.get(name)?.trim().toLowerCase();
    if (raw == null || raw === '') return fallback;
    if (raw === 'true') return true;
    if (raw === 'false') return false;
    throw invalid(name, 'expected true or false');
  }

  has(name: string): boolean {
    return this.all.has(name);
  }

  required(name: string): string {
    const v = this.get(name);
    if (v == null || v === '') throw missing(name);
    return v;
  }

  /** An integer in [min, max]; `fallback` when absent or empty. */
  int(name: string, fallback: number, min: number, max: number): number {
    const raw = this.get(name);
    if (raw == null || raw.trim() === '') return fallback;
    const parsed = INT.safeParse(raw);
    if (!parsed.success) throw invalid(name, 'expected an integer');
    return Math.min(max, Math.max(min, parsed.data));
  }

  /** An integer or null when absent or empty; clamped into [min, max] (by default, what an SQL int holds). */
  optionalInt(name: string, min = -MAX_INT, max = MAX_INT): number | null {
    const raw = this.get(name);
    if (raw == null || raw.trim() === '') return null;
    return this.int(name, 0, min, max);
  }
}

/** Offsets and sizes past this are empty pages anyway; it keeps them in SQL integer range. */
export const MAX_INT = 2_000_000_000;

const INT = z
  .string()
  .trim()
  .regex(/^[+-]?\d{1,15}$/)
  .transform(Number);
