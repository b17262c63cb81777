/** A date and time as the back office's lists show them: `Nov 27, 2026, 4:12 AM`. */
export function formatWhen(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
}

/** A contact message in a timeline: its first 300 characters. */
export function messageExcerpt(message: string | null | undefined): string {
  if (!message) return "";
  return message.length > 300 ? `${message.slice(0, 300)}…` : message;
}
