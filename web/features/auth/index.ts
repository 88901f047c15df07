// What other features may use of auth; everything else in this folder is its own.

export type { Me } from "./api";
export { useChangeLanguage, useCurrentUser } from "./session";
