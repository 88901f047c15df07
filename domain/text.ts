// Plain text rules shared by the schemas (schemas/fields.ts) and the checks that do not use zod
// (payee.ts); free of zod so a screen can use them alone.

// Control characters (Unicode Cc: C0, DEL, C1), the line and paragraph separators and the
// bidirectional overrides and isolates are refused in names and texts (issue 27): invisible, they
// break lists, exports and e-mails, and can make a name read as another. A multi-line text (notes,
// descriptions, reasons) keeps tab, line feed and carriage return.
// biome-ignore lint/suspicious/noControlCharactersInRegex: they are exactly what is refused.
const singleLineControls = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const multiLineControls =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: they are exactly what is refused.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** Whether a text holds a character refused in it; `multiline` allows tab, LF and CR. */
export function hasControlCharacters(
  text: string,
  { multiline = false }: { multiline?: boolean } = {},
): boolean {
  return (multiline ? multiLineControls : singleLineControls).test(text);
}
