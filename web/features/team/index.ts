// What other features may use of the team screen; everything else in this folder is its own.

export { teamKeys } from "./api";
