/** The Name field of the create and rename playlist dialogs. */
export function PlaylistNameField({ value, onChange }: { value: string; onChange: (name: string) => void }) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      Name
      <input
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoFocus
        className="rounded-lg border border-line bg-surface px-3 py-2 text-white focus:border-accent focus:outline-none"
      />
    </label>
  );
}
