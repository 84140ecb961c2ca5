// Server-side bounds (in a module of its own: no page loads it).
/**
 * Request bodies: JSON (and url-encoded) up to `jsonBytes`; multipart forms the same in all, with
 * at most `formFields` fields of `formFieldBytes` each (a form's file, where a route takes one,
 * comes on top of that with its own limit, at most `formFileBytes`).
 */
export const BODY_LIMITS = {
  jsonBytes: 1024 * 1024,
  formFields: 20,
  formFieldBytes: 64 * 1024,
  formFieldNameBytes: 100,
  formFileBytes: 2 * 1024 * 1024,
} as const;
