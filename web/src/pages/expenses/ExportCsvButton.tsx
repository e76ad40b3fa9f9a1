/**
 * 'Export CSV': the server writes the file (every expense, however many pages the screen has
 * read); the request carries the session's token, so the file is fetched and then handed to the browser.
 */
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { sessionStore } from '../../platform/session';
import { notify } from '../../platform/notify';
import { tripIdOf } from '../trips/ids';

/** The file a download names itself in its Content-Disposition, or the fallback. */
function fileNameOf(disposition: string | null, fallback: string) {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

export function ExportCsvButton({ tripId, today, disabled }: { tripId: string; today: string; disabled: boolean }) {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const token = await sessionStore.accessToken();
      const res = await fetch(`/api/backend/trip-expenses/${tripIdOf(tripId)}/export.csv`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        credentials: 'same-origin',
      });
      if (!res.ok) {
        // The refusal's own message (e.g. no longer on the trip), as the other REST calls show it.
        const body = (await res.json().catch(() => ({}))) as { error?: unknown };
        notify.error(typeof body.error === 'string' && body.error ? body.error : 'The export failed. Please try again.');
        return;
      }
      const blob = await res.blob();
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = fileNameOf(res.headers.get('content-disposition'), `expenses-${today}.csv`);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    } catch {
      notify.error('The export failed. Please try again.');
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void exportCsv()} loading={exporting} disabled={disabled}>
      Export CSV
    </Button>
  );
}
