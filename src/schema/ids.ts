/** Canonical textual UUID (any version), as SPEC.md section 2 requires for conversation and message ids. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID in its canonical 8-4-4-4-12 hexadecimal form. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
