import { InvalidRequest } from "../errors.js";

/** Largest request body sekisho reads. Sign-in forms and WebAuthn responses are a few kilobytes. */
export const maxBodyBytes = 64 * 1024;

/** How long a body may take to arrive: a stalled one would otherwise hold the request for as long as the server lets it. */
export const maxBodySeconds = 30;

async function readChunks(reader: ReadableStreamDefaultReader<Uint8Array>, late: Promise<never>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await Promise.race([reader.read(), late]);
    if (done) return chunks;
    size += value.byteLength;
    if (size > maxBodyBytes) throw new InvalidRequest(`The request body is larger than ${maxBodyBytes} bytes.`);
    chunks.push(value);
  }
}

async function readText(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length"));
  if (declared > maxBodyBytes) throw new InvalidRequest(`The request body is larger than ${maxBodyBytes} bytes.`);
  if (!request.body) return "";
  const reader = request.body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new InvalidRequest(`The request body did not arrive within ${maxBodySeconds} s.`)),
      maxBodySeconds * 1000,
    );
  });
  let chunks: Uint8Array[];
  try {
    chunks = await readChunks(reader, late);
  } catch (error) {
    void reader.cancel().catch(() => {});
    throw error;
  } finally {
    clearTimeout(timer);
  }
  const size = chunks.reduce((total, chunk) => total + chunk.byteLength, 0);
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new InvalidRequest("The request body is not valid UTF-8.");
  }
}

function fromForm(text: string): Record<string, string> {
  const body: Record<string, string> = Object.create(null);
  for (const [key, value] of new URLSearchParams(text)) if (!(key in body)) body[key] = value;
  return body;
}

/** The body of a POST as a plain record: form-encoded or JSON objects. Other content types give an empty record. */
export async function parseBody(request: Request): Promise<Record<string, unknown>> {
  if (request.method !== "POST") return {};
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  const text = await readText(request);
  if (type === "application/x-www-form-urlencoded") return fromForm(text);
  if (type === "application/json") {
    if (!text.trim()) return {};
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new InvalidRequest("The request body is not valid JSON.");
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      throw new InvalidRequest("The request body must be a JSON object.");
    }
    return Object.assign(Object.create(null), value);
  }
  return {};
}
