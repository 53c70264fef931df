import { AUDIT_EVENT_LABELS, type AuditEvent } from '@glowreel/contracts';

const COLUMNS = ['Time (UTC)', 'Event', 'Who', 'IP', 'Target', 'Details'] as const;

function detailsText(details: AuditEvent['details']): string {
  return Object.entries(details)
    .map(([name, value]) => `${name}=${String(value)}`)
    .join(' ');
}

function rowOf(event: AuditEvent): string[] {
  return [
    event.occurredAt.replace('T', ' ').slice(0, 19),
    AUDIT_EVENT_LABELS[event.kind],
    event.actor.label,
    event.ipAddress ?? '-',
    event.target ? `${event.target.type} ${event.target.id}` : '-',
    detailsText(event.details) || '-',
  ];
}

/** An account's audit log as a plain-text table for an operator's terminal, newest first. */
export function formatAuditTable(email: string, events: AuditEvent[]): string {
  if (events.length === 0) return `No audit events for ${email}.`;
  const rows = [[...COLUMNS], ...events.map(rowOf)];
  const widths = COLUMNS.map((_, column) =>
    Math.max(...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  const noun = events.length === 1 ? 'event' : 'events';
  return [
    `Audit log of ${email} (${events.length} ${noun}, newest first)`,
    '',
    line(rows[0] ?? []),
    rule,
    ...rows.slice(1).map(line),
  ].join('\n');
}
