/** The Admin page's numbers in words (SPEC#admin-users, SPEC#admin-transcoding-storage, SPEC#admin-server). Pure, unit-tested. */

/** 1536 -> "1.5 KB"; bytes in powers of 1024, one decimal under 10. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let n = bytes;
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${i === 0 || n >= 10 ? Math.round(n) : Math.round(n * 10) / 10} ${units[i]}`;
}

/** 93784 -> "1 d 2 h", 3720 -> "1 h 2 min", 59 -> "59 s". */
export function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3_600);
  const m = Math.floor((seconds % 3_600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min`;
  return `${Math.floor(seconds)} s`;
}

/** Files a scan got through per second so far: "12 files/s"; "" before a second has passed. */
export function scanRate(files: number, durationMs: number): string {
  if (durationMs < 1000) return '';
  return `${Math.round(files / (durationMs / 1000))} files/s`;
}

/** How long ago, in the largest whole unit: "just now", "5 min ago", "3 h ago", "2 days ago". */
export function ago(iso: string, nowMs: number): string {
  const s = Math.max(0, (nowMs - Date.parse(iso)) / 1000);
  if (!Number.isFinite(s)) return '';
  if (s < 60) return 'just now';
  if (s < 3_600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3_600)} h ago`;
  const days = Math.floor(s / 86_400);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}

/** An invitation's line: "1 of 3 used · expires 4 Dec", "Used up", "Expired". */
export function invitationLine(i: { used: number; maxUses: number; state: string; expire: string }): string {
  if (i.state === 'used') return `Used up (${i.used} of ${i.maxUses})`;
  if (i.state === 'expired') return `Expired (${i.used} of ${i.maxUses} used)`;
  const day = new Date(i.expire).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return `${i.used} of ${i.maxUses} used · expires ${day}`;
}
