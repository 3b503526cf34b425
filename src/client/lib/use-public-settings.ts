import { useEffect, useState } from 'react';
import type { PublicSettings } from '../../domain/settings';

function isPublicSettings(data: unknown): data is PublicSettings {
  const settings = data as PublicSettings | null;
  return typeof settings?.maintenance_mode === 'boolean' && typeof settings.max_upload_mb === 'number';
}

let loading: Promise<PublicSettings | null> | undefined;

/**
 * GET /api/settings/public, once per page load. Checked by hand, not with the zod schema: the wizard and
 * the fix page read it at first paint and must not load zod for it (page budgets, decision 0043). A failure is
 * null: the pages then work as without maintenance, and the server still refuses what it must.
 */
function fetchPublicSettings(): Promise<PublicSettings | null> {
  loading ??= fetch('/api/settings/public', { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      const data: unknown = await response.json();
      return response.ok && isPublicSettings(data) ? data : null;
    })
    .catch(() => {
      loading = undefined;
      return null;
    });
  return loading;
}

/** The public settings, or null until they arrive (or when they could not be read). */
export function usePublicSettings(): PublicSettings | null {
  const [settings, setSettings] = useState<PublicSettings | null>(null);
  useEffect(() => {
    let live = true;
    void fetchPublicSettings().then((value) => {
      if (live) setSettings(value);
    });
    return () => {
      live = false;
    };
  }, []);
  return settings;
}
