import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { accentButton } from '../../shared/ui/button-classes.js';
import { Spinner } from '../../shared/ui/spinner.js';

/** The look of the account forms' fields and buttons (sign-in dialog, Profile, /recovery). */
export const fieldClass =
  'w-full rounded-lg border border-line bg-surface px-3 py-2 text-white placeholder:text-muted focus:border-accent focus:outline-none aria-[invalid=true]:border-red-400';
export const primaryButtonClass = accentButton('flex items-center justify-center gap-2 px-4 py-2 hover:brightness-110 disabled:opacity-60');
export const secondaryButtonClass = 'flex items-center justify-center gap-2 rounded-full border border-line px-4 py-2 font-medium hover:bg-raised disabled:opacity-60';
export const linkButtonClass = 'text-sm text-accent-text hover:underline';

/** A labelled input (the label's text is its accessible name); a hint below it is its description. */
export function Field({ label, hint, ...input }: { label: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label className="flex flex-col gap-1">
        {label}
        <input {...input} aria-describedby={hint ? hintId : undefined} className={fieldClass} />
      </label>
      {hint && (
        <span id={hintId} className="text-xs text-muted">
          {hint}
        </span>
      )}
    </div>
  );
}

/** A refusal, announced at once. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-red-300">
      {message}
    </p>
  );
}

/** A done step, announced politely. */
export function FormStatus({ message }: { message: string | null }) {
  return (
    <p role="status" className={message ? 'text-sm text-green-300' : 'sr-only'}>
      {message ?? ''}
    </p>
  );
}

export function SubmitButton({ busy, children, className = primaryButtonClass }: { busy: boolean; children: ReactNode; className?: string }) {
  return (
    <button type="submit" disabled={busy} aria-busy={busy} className={className}>
      {busy && <Spinner className="size-4" />}
      {children}
    </button>
  );
}
