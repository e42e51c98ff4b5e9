import type { ComponentProps } from 'react';
import { Field, FormError, primaryButtonClass, SubmitButton } from '../auth/ui.js';

/**
 * One of Profile's change forms (email, password): its fields, each marked invalid while there is an
 * error, the error announced, and the save button, busy while the change runs. The browser's own
 * checks are off: `onSubmit` gets the fields' values and says what is wrong itself.
 */
export function ChangeForm({
  fields,
  busy,
  error,
  submitLabel,
  onSubmit,
}: {
  fields: readonly ComponentProps<typeof Field>[];
  busy: boolean;
  error: string | null;
  submitLabel: string;
  onSubmit: (form: FormData) => Promise<void>;
}) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit(new FormData(e.currentTarget));
      }}
      className="flex max-w-md flex-col gap-3"
      noValidate
    >
      {fields.map((field) => (
        <Field key={field.name} {...field} aria-invalid={error ? true : undefined} />
      ))}
      <FormError message={error} />
      <SubmitButton busy={busy} className={`self-start ${primaryButtonClass}`}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
