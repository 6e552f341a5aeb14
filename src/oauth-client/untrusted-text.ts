/**
 * Text from the request or the provider, made fit for an error message and so for a log line: control
 * characters (newlines, escapes) become spaces, so it cannot forge lines of its own, and it is cut to `max`.
 */
export function untrustedText(value: unknown, max: number): string {
  return String(value)
    .slice(0, max)
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ");
}
