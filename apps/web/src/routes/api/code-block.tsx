import type { ReactNode } from 'react';

/** A scrollable, keyboard-reachable code sample. */
export function CodeBlock({ children }: { children: string }) {
  return (
    // tabIndex lets keyboard users scroll a wide sample (axe: scrollable-region-focusable).
    <pre tabIndex={0}>
      <code>{children}</code>
    </pre>
  );
}

/**
 * A documentation table that may scroll sideways on a phone instead of widening the page;
 * long identifiers (option values, URLs) may break anywhere.
 */
export function DocTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A scrollable region must be reachable by keyboard and named (axe: scrollable-region-focusable).
    // Words wrap only between words ("Idempote ncy-Key" was unreadable): a table wider than a
    // phone scrolls inside this region, which is positioned so nothing escapes it.
    <div role="region" aria-label={label} tabIndex={0} className="relative overflow-x-auto">
      <table>{children}</table>
    </div>
  );
}
