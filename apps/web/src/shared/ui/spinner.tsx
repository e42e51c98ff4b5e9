import { LoaderCircle } from 'lucide-react';

/** A spinning indicator; `label` is announced, or hidden when the parent already says it. */
export function Spinner({ className = 'size-5', label }: { className?: string; label?: string }) {
  return (
    <LoaderCircle
      className={`animate-spin motion-reduce:animate-none ${className}`}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}
