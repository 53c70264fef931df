import { useQuery } from '@tanstack/react-query';

/**
 * DESIGN.md D8: the landing figures are computed live by the server (GET /api/stats) and each
 * is shown only when the server returns a number for it: below its threshold the server sends
 * null, and while the endpoint is missing or failing nothing shows at all.
 */
interface PublicStats {
  clinics: number | null;
  videosCompleted: number | null;
  satisfactionPercent: number | null;
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

async function fetchStats(): Promise<PublicStats | null> {
  const response = await fetch('/api/stats', { headers: { accept: 'application/json' } });
  if (!response.ok) return null;
  const body: unknown = await response.json().catch(() => null);
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  return {
    clinics: numberOrNull(record.clinics),
    videosCompleted: numberOrNull(record.videosCompleted),
    satisfactionPercent: numberOrNull(record.satisfactionPercent),
  };
}

const format = new Intl.NumberFormat('en-US');

export function LiveStats() {
  const { data } = useQuery({
    queryKey: ['public-stats'],
    queryFn: fetchStats,
    retry: false,
    staleTime: 60_000,
  });
  if (!data) return null;
  const figures = [
    data.clinics === null
      ? null
      : { value: format.format(data.clinics), label: 'clinics on Glowreel' },
    data.videosCompleted === null
      ? null
      : { value: format.format(data.videosCompleted), label: 'videos rendered' },
    data.satisfactionPercent === null
      ? null
      : { value: `${Math.round(data.satisfactionPercent)}%`, label: 'of rated videos marked good' },
  ].filter((figure) => figure !== null);
  if (figures.length === 0) return null;

  return (
    <section aria-label="Glowreel in numbers" className="border-y border-slate-100 bg-white py-10">
      <dl className="mx-auto flex max-w-4xl flex-wrap justify-center gap-x-16 gap-y-6 px-4 text-center">
        {figures.map((figure) => (
          <div key={figure.label} data-testid="live-stat" className="flex flex-col-reverse">
            <dt className="text-sm text-slate-600">{figure.label}</dt>
            <dd className="text-3xl font-bold tracking-tight text-brand-700">{figure.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
