/**
 * JSON from a third-party provider with a deadline and a size cap: a slow, huge or broken answer
 * becomes an error for the caller to log, never a stuck request or a process full of someone
 * else's bytes.
 */
export async function fetchJsonLimited(url: string, init: RequestInit, limits: { timeoutMs: number; maxBytes: number }): Promise<unknown> {
  // The signal covers reading the body too: a server that sends headers and then stalls is cut.
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(limits.timeoutMs) });
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw new Error(`answered HTTP ${res.status}`);
  }
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > limits.maxBytes) {
    await res.body?.cancel().catch(() => {});
    throw new Error(`answer of ${declared} bytes is over the ${limits.maxBytes}-byte limit`);
  }
  if (!res.body) throw new Error('answered with no body');
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limits.maxBytes) {
      await reader.cancel().catch(() => {});
      throw new Error(`answer is over the ${limits.maxBytes}-byte limit`);
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    throw new Error('answer is not JSON');
  }
}
