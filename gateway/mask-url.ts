/** The URL with any password replaced, safe to print and log. */
export function maskUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    if (parsed.username && !parsed.password) parsed.username = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}
