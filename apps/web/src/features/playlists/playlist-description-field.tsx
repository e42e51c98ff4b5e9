import { useId } from 'react';

/** SPEC#validation-playlist-description: a playlist's description holds at most 300 characters (the server's limit too). */
export const PLAYLIST_DESCRIPTION_MAX = 300;

/**
 * The Description field under Name in the create and rename playlist dialogs: optional, a few
 * lines, no more than PLAYLIST_DESCRIPTION_MAX characters, with how many are used shown under it.
 */
export function PlaylistDescriptionField({ value, onChange }: { value: string; onChange: (description: string) => void }) {
  const count = useId();
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label className="flex flex-col gap-1">
        Description
        <textarea
          value={value}
          onChange={(e) => onChange(e.target.value.slice(0, PLAYLIST_DESCRIPTION_MAX))}
          maxLength={PLAYLIST_DESCRIPTION_MAX}
          rows={4}
          placeholder="Add an optional description"
          aria-describedby={count}
          className="resize-none rounded-lg border border-line bg-surface px-3 py-2 text-white placeholder:text-muted focus:border-accent focus:outline-none"
        />
      </label>
      <span id={count} className="self-end text-xs text-muted">
        {value.length}/{PLAYLIST_DESCRIPTION_MAX}
      </span>
    </div>
  );
}
