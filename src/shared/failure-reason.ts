/**
 * Why a call over the network failed, in words an operator can act on: fetch says only "fetch
 * failed" and keeps the reason (ECONNREFUSED, ENOTFOUND, a certificate) in its cause.
 */
export function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError') return 'no answer in time';
  const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code !== undefined) return `${error.message} (${cause.code})`;
  return cause?.message !== undefined ? `${error.message}: ${cause.message}` : error.message;
}
