// What other features may use of creative-requests; everything else in this folder is its own.

export { creativeRequestKeys } from "./api";
export { normalizeStatus } from "./labels";
