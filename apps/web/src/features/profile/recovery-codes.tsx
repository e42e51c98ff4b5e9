import { useEffect, useRef } from 'react';
import { CopyButton } from './copy-button.js';
import { accentButton } from '../../shared/ui/button-classes.js';

/** The recovery codes, shown once, to copy or write down. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The set-up form they replace is gone: reading goes on from here.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="mt-3 flex flex-col gap-3 rounded-xl border border-line p-3">
      <div className="flex items-start justify-between gap-2">
        <div>
          <h3 ref={heading} tabIndex={-1} className="font-semibold focus:outline-none">
            Save your recovery codes
          </h3>
          <p className="text-sm text-muted">If you lose your phone, each code signs you in once instead of the app's code. They are not shown again.</p>
        </div>
        <CopyButton text={codes.join('\n')} label="Copy recovery codes" />
      </div>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-x-4 gap-y-1 font-mono text-sm sm:grid-cols-3">
        {codes.map((c) => (
          <li key={c} className="select-all">
            {c}
          </li>
        ))}
      </ul>
      <button type="button" onClick={onDone} className={accentButton('self-start px-4 py-2 hover:brightness-110')}>
        I saved my codes
      </button>
    </div>
  );
}
