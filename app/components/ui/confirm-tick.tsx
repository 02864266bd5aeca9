// The tick a person gives before an irreversible step ("Yes, unlink …", "I checked this date …"): a required checkbox
// with its label, and the server's message beside it when the form came back without the tick.
export function ConfirmTick({ name, label, error, errorId }: { name: string; label: string; error?: string | undefined; errorId: string }) {
  return (
    <>
      <label className="flex items-start gap-2 text-sm text-slate-900">
        <input type="checkbox" name={name} value="yes" required className="mt-0.5 size-5" aria-describedby={error ? errorId : undefined} />
        {label}
      </label>
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}
