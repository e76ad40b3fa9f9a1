/**
 * The one way the server reads JSON from a third-party provider (exchange rates, place search,
 * recommendations): a deadline, a size cap and a JSON content type. A slow, huge or mislabelled
 * answer becomes a `ProviderAnswerError` for the caller to log, never a stuck request or a
 * process full of someone else's bytes.
 */
export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
}

/** Why a provider's answer was not used; `message` says it plainly, for the logs. */
export class ProviderAnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderAnswerError';
  }
}

/** `application/json` and its relatives (`application/geo+json`, `...; charset=utf-8`). */
const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

export async function fetchJsonLimited(url: string | URL, init: RequestInit, limits: FetchLimits): Promise<unknown> {
  // The signal covers reading the body too: a server that sends headers and then stalls is cut.
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(limits.timeoutMs) });
  } catch (err) {
    throw new ProviderAnswerError(`no answer: ${(err as Error).message}`);
  }
  const refuse = async (message: string): Promise<never> => {
    await res.body?.cancel().catch(() => {});
    throw new ProviderAnswerError(message);
  };
  if (!res.ok) return refuse(`answered HTTP ${res.status}`);
  const type = res.headers.get('content-type') ?? '';
  if (!JSON_TYPE.test(type)) return refuse(`answered ${type || 'no content type'}, not JSON`);
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > limits.maxBytes) return refuse(`answer of ${declared} bytes is over the ${limits.maxBytes}-byte limit`);
  if (!res.body) throw new ProviderAnswerError('answered with no body');
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limits.maxBytes) {
        await reader.cancel().catch(() => {});
        throw new ProviderAnswerError(`answer is over the ${limits.maxBytes}-byte limit`);
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof ProviderAnswerError) throw err;
    throw new ProviderAnswerError(`answer cut short: ${(err as Error).message}`);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new ProviderAnswerError('answer is not JSON');
  }
}
