import { UserRound } from 'lucide-react';
import { useState } from 'react';

/** The profile photo, or a default icon when there is none or it fails to load. */
export function UserAvatar({ photoUrl, size = 32 }: { photoUrl: string | null; size?: number }) {
  // The address that failed, not a flag: a new photo (a new address) gets its own chance.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (photoUrl && photoUrl !== failedUrl) {
    return (
      <img
        src={photoUrl}
        alt=""
        width={size}
        height={size}
        onError={() => setFailedUrl(photoUrl)}
        className="shrink-0 rounded-full object-cover ring-2 ring-white"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800"
      style={{ width: size, height: size }}
    >
      <UserRound className="size-[60%]" />
    </span>
  );
}
