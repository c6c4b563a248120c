/**
 * What an identifier may look like wherever one becomes part of a path (the service's URLs): not
 * empty, not `.` or `..`, no slash or backslash, no control character. The IPC schemas and the
 * service client's path builder both check it.
 */
// eslint-disable-next-line no-control-regex
const NOT_IN_IDS = /[/\\\u0000-\u001f\u007f-\u009f]/;

export function isUsableId(id: string): boolean {
  return id !== '' && id !== '.' && id !== '..' && !NOT_IN_IDS.test(id);
}
