/**
 * The lines of a service's validation error that no field of the form took, as a list under the
 * error's sentence; nothing when there are none.
 */
export function ErrorLines({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <ul className="error-list">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
