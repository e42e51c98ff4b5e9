import { AppwriteError } from '../../http/errors.js';

/**
 * The wire form of one query (backend-api.md §5): a JSON string
 * `{"method","attribute","values"}`; nested `and`/`or` carry objects (or,
 * from hand-written clients, strings) in `values`. Missing `attribute` = "",
 * missing `values` = [] (Appwrite's parsing rules).
 */
export interface RawQuery {
  method: string;
  attribute: string;
  values: unknown[];
}

/** Appwrite's limits: up to 100 queries of up to 4096 characters each. */
export const MAX_QUERIES = 100;
export const MAX_QUERY_LENGTH = 4096;

export const queryError = (message: string) => new AppwriteError(400, 'general_query_invalid', `Invalid query: ${message}`);

/** Decodes one query given as a JSON string or an already-parsed object. */
export function decodeQuery(input: unknown): RawQuery {
  let value = input;
  if (typeof input === 'string') {
    if (input.length > MAX_QUERY_LENGTH) throw queryError(`Query must be no longer than ${MAX_QUERY_LENGTH} characters.`);
    try {
      value = JSON.parse(input);
    } catch {
      throw queryError(`Syntax error: ${input.slice(0, 80)} is not valid JSON.`);
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw queryError('Syntax error: a query must be a JSON object with a "method".');
  }
  const { method, attribute = '', values = [] } = value as Record<string, unknown>;
  if (typeof method !== 'string' || method === '') throw queryError('Syntax error: "method" must be a non-empty string.');
  if (typeof attribute !== 'string') throw queryError(`Syntax error: "attribute" of ${method} must be a string.`);
  if (!Array.isArray(values)) throw queryError(`Syntax error: "values" of ${method} must be an array.`);
  return { method, attribute, values };
}

/** Decodes the `queries` parameter of a request (each entry a JSON string). */
export function decodeQueries(inputs: readonly unknown[]): RawQuery[] {
  if (inputs.length > MAX_QUERIES) throw queryError(`A maximum of ${MAX_QUERIES} queries is allowed, got ${inputs.length}.`);
  return inputs.map(decodeQuery);
}
