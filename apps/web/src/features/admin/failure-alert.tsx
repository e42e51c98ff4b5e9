import { describeFailure } from '../../shared/lib/backend.js';

/** An admin action that failed, announced at once in the server's words; nothing while `error` is null. */
export function FailureAlert({ error, margin = 'mt-2' }: { error: unknown; margin?: string }) {
  if (error == null) return null;
  return <p role="alert" className={`${margin} text-sm text-red-300`}>{describeFailure(error).message}</p>;
}
