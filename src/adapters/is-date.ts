/**
 * Whether `value` is a date as JSON carries it (ISO 8601 with a time, e.g. `2026-01-31T12:00:00.000Z`): for an
 * adapter reviving the dates of a record it stored as JSON.
 */
export function isDate(value: unknown): value is string {
  return (
    typeof value === "string" &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
    !Number.isNaN(Date.parse(value))
  );
}
