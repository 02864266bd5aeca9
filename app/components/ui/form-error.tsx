/** What a form as a whole answered when it was refused (not one field's message): announced as an alert. */
export function FormError({ message }: { message?: string | null | undefined }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </div>
  );
}
