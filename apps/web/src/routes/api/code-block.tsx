/** A scrollable, keyboard-reachable code sample. */
export function CodeBlock({ children }: { children: string }) {
  return (
    // tabIndex lets keyboard users scroll a wide sample (axe: scrollable-region-focusable).
    <pre tabIndex={0}>
      <code>{children}</code>
    </pre>
  );
}
